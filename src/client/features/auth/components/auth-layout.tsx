import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { BrandLogo } from './brand-logo';

/** The signed-out screens: the product's name over a centred card on the dark background. */
export function AuthLayout({
  title,
  description,
  icon,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  /** Shown above the title, for the status screens (e-mail sent, verified, invalid link). */
  icon?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="relative flex min-h-dvh flex-col items-center overflow-hidden bg-background px-4 py-10 sm:justify-center sm:py-16">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 h-[480px] bg-[radial-gradient(ellipse_60%_60%_at_50%_0%,rgba(34,197,94,0.16),transparent)]"
      />
      <main className="relative w-full max-w-md">
        <div className="mb-8 flex justify-center">
          <Link
            to="/home"
            aria-label="Clube Escala: página inicial"
            className="rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60"
          >
            <BrandLogo />
          </Link>
        </div>
        <Card className="p-6 sm:p-8">
          <header className="mb-6 space-y-2 text-center">
            {icon ? <div className="mb-4 flex justify-center">{icon}</div> : null}
            <h1 className="text-2xl font-bold tracking-tight text-foreground">{title}</h1>
            {description ? <p className="text-sm leading-relaxed text-muted">{description}</p> : null}
          </header>
          {children}
        </Card>
        {footer ? <div className="mt-6 text-center text-sm text-muted">{footer}</div> : null}
      </main>
    </div>
  );
}

const iconTones = {
  green: 'border-primary/30 bg-primary/10 text-primary',
  red: 'border-danger/30 bg-danger/10 text-danger',
  orange: 'border-notice/30 bg-notice/10 text-notice',
} as const;

/** A round badge for AuthLayout's `icon`. */
export function AuthIcon({ tone, children }: { tone: keyof typeof iconTones; children: ReactNode }) {
  return (
    <span
      className={`flex h-14 w-14 items-center justify-center rounded-full border [&>svg]:h-7 [&>svg]:w-7 ${iconTones[tone]}`}
    >
      {children}
    </span>
  );
}

/** A text link in the product's green, for the "Criar conta" / "Fazer login" lines. */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="font-medium text-primary underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none"
    >
      {children}
    </Link>
  );
}
