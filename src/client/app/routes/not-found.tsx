import { Home, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';

export default function NotFoundRoute() {
  return (
    <main className="relative flex min-h-dvh flex-col items-center justify-center overflow-hidden bg-background px-6 text-center">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 h-[420px] bg-[radial-gradient(ellipse_60%_60%_at_50%_0%,rgba(34,197,94,0.12),transparent)]"
      />
      <div className="relative flex max-w-md flex-col items-center">
        <span className="mb-6 flex h-20 w-20 items-center justify-center rounded-2xl border border-border bg-surface shadow-lg shadow-black/30">
          <SearchX aria-hidden className="h-10 w-10 text-primary" />
        </span>
        <p className="mb-2 font-mono text-sm font-semibold tracking-widest text-primary">ERRO 404</p>
        <h1 className="mb-3 text-3xl font-bold tracking-tight text-foreground sm:text-4xl">
          Página não encontrada
        </h1>
        <p className="mb-8 text-base leading-relaxed text-muted">
          O endereço que você tentou abrir não existe ou foi movido. Confira o link ou volte para o início.
        </p>
        <Link to="/" className={buttonClass({ size: 'lg' })}>
          <Home aria-hidden className="h-4 w-4" />
          Voltar para o início
        </Link>
      </div>
    </main>
  );
}
