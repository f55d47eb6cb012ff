import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';

/** A page outside the dashboard: back button, title and subtitle, then the content in a centred column. */
export function PageLayout({
  title,
  subtitle,
  onBack,
  backLabel = 'Voltar',
  width = 'narrow',
  children,
}: {
  title: string;
  subtitle?: string;
  onBack: () => void;
  backLabel?: string;
  width?: 'narrow' | 'wide';
  children: ReactNode;
}) {
  return (
    <main className="min-h-dvh bg-background px-4 py-6 md:px-8 md:py-10">
      <div className={cn('mx-auto space-y-6', width === 'wide' ? 'max-w-6xl' : 'max-w-3xl')}>
        <div className="flex items-center gap-3">
          <Button variant="ghost" size="icon" aria-label={backLabel} title={backLabel} onClick={onBack}>
            <ArrowLeft className="h-5 w-5" aria-hidden />
          </Button>
          <div className="min-w-0">
            <h1 className="text-2xl font-bold">{title}</h1>
            {subtitle ? <p className="text-sm text-muted">{subtitle}</p> : null}
          </div>
        </div>
        {children}
      </div>
    </main>
  );
}
