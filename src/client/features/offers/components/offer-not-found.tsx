import { ArrowLeft, PackageX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';

/** A missing (or hidden) offer shows 'OFERTA_NÃO_ENCONTRADA' with a way back. */
export function OfferNotFound() {
  return (
    <main className="relative flex min-h-dvh flex-col items-center justify-center overflow-hidden bg-background px-6 text-center">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 h-[420px] bg-[radial-gradient(ellipse_60%_60%_at_50%_0%,rgba(239,68,68,0.10),transparent)]"
      />
      <div className="relative flex max-w-md flex-col items-center">
        <span className="mb-6 flex h-20 w-20 items-center justify-center rounded-2xl border border-border bg-surface shadow-lg shadow-black/30">
          <PackageX aria-hidden className="h-10 w-10 text-danger" />
        </span>
        <h1 className="mb-3 font-mono text-2xl font-bold tracking-widest text-foreground sm:text-3xl">
          OFERTA_NÃO_ENCONTRADA
        </h1>
        <p className="mb-8 text-base leading-relaxed text-muted">
          Esta oferta não existe, foi removida ou não está mais disponível no catálogo.
        </p>
        <Link to="/dashboard" className={buttonClass({ size: 'lg' })}>
          <ArrowLeft aria-hidden className="h-4 w-4" />
          Voltar para as ofertas
        </Link>
      </div>
    </main>
  );
}
