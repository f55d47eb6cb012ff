import { Spinner } from '../../../components/ui/spinner';
import { formatCount } from '../../../lib/format';

/** Live progress of the running scan: tested of total, as an accessible progress bar. */
export function ProgressPanel({ domain, tested, total }: { domain: string; tested: number; total: number }) {
  const percent = total > 0 ? Math.min(100, Math.round((tested / total) * 100)) : 0;
  const preparing = total === 0;
  return (
    <section
      aria-label="Progresso da verificação"
      className="space-y-3 rounded-xl border border-primary/30 bg-primary/5 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="flex min-w-0 items-center gap-2 font-medium">
          <Spinner className="h-4 w-4 shrink-0 text-primary" />
          <span className="truncate">
            {preparing ? 'Preparando' : 'Verificando'} <span className="text-primary">{domain}</span>
          </span>
        </p>
        <p className="text-muted tabular-nums" aria-live="polite">
          {preparing
            ? 'Lendo robots.txt e sitemap, calibrando páginas 404...'
            : `${formatCount(tested)} de ${formatCount(total)} testados (${percent}%)`}
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Slugs testados"
        aria-valuemin={0}
        aria-valuemax={total || 1}
        aria-valuenow={tested}
        aria-valuetext={preparing ? 'Preparando' : `${tested} de ${total} testados`}
        className="h-2.5 overflow-hidden rounded-full bg-surface-2"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-xs text-muted">
        Os resultados aparecem abaixo conforme chegam. Sair desta aba ou clicar em 'Parar' interrompe a
        verificação.
      </p>
    </section>
  );
}
