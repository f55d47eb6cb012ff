import { Copy, CornerDownRight, ExternalLink } from 'lucide-react';
import type { SlugResult } from '../../../../shared/schemas/slug-checker';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { formatCount } from '../../../lib/format';
import { isError, isNotFound, isRedirect } from '../results';

function statusVariant(r: SlugResult): BadgeProps['variant'] {
  if (r.isValid) return 'primary';
  if (r.softNotFound) return 'warning';
  if (isRedirect(r)) return 'info';
  if (isNotFound(r)) return 'default';
  if (isError(r)) return 'danger';
  return 'purple';
}

const isWebUrl = (value: string) => /^https?:\/\//i.test(value);

const iconButton =
  'inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg border border-border bg-surface-2 text-muted transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60';

/** One tested URL: status and its text, the URL (open in a new tab, copy), response time, redirect target. */
export function ResultRow({ result, onCopy }: { result: SlugResult; onCopy: (url: string) => void }) {
  return (
    <li className="flex items-start gap-3 px-3 py-3 sm:px-4">
      <Badge variant={statusVariant(result)} className="mt-0.5 min-w-12 justify-center tabular-nums">
        {result.status === 0 ? 'Falha' : result.status}
      </Badge>
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-mono text-sm break-all">{result.url}</p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
          <span>{result.statusText}</span>
          <span className="tabular-nums">{formatCount(result.responseTime)} ms</span>
          {result.softNotFound ? <span className="text-amber-300">soft-404</span> : null}
        </p>
        {result.redirectUrl ? (
          <p className="flex min-w-0 items-start gap-1 text-xs text-sky-300">
            <CornerDownRight className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden />
            <span className="sr-only">Redireciona para </span>
            <span className="font-mono break-all">{result.redirectUrl}</span>
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 gap-1.5">
        <button
          type="button"
          className={iconButton}
          aria-label={`Copiar URL ${result.slug}`}
          title="Copiar URL"
          onClick={() => onCopy(result.url)}
        >
          <Copy className="h-4 w-4" aria-hidden />
        </button>
        {isWebUrl(result.url) ? (
          <a
            href={result.url}
            target="_blank"
            rel="noopener noreferrer"
            className={iconButton}
            aria-label={`Abrir ${result.slug} em nova aba`}
            title="Abrir em nova aba"
          >
            <ExternalLink className="h-4 w-4" aria-hidden />
          </a>
        ) : null}
      </div>
    </li>
  );
}
