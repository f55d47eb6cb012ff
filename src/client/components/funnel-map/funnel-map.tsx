import { type ReactNode, useId } from 'react';
import type { FunnelEntry, FunnelMap, FunnelStep } from '../../../shared/schemas/funnel';
import { cn } from '../../lib/cn';
import { formatExactDateTime } from '../../lib/relative-time';
import { FunnelEntryCard } from './funnel-entry-card';
import { funnelSummary, groupFunnelEntries, stepCountLabel } from './funnel-view';

function StepSection({
  step,
  entries,
  pending,
}: {
  step: FunnelStep;
  entries: FunnelEntry[];
  pending: boolean;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <h3 id={headingId} className="text-base font-semibold">
          {step}
        </h3>
        <span className="text-sm text-muted tabular-nums">{stepCountLabel(step, entries.length)}</span>
      </div>
      <ul className="grid gap-4 @xl:grid-cols-2">
        {entries.map((entry) => (
          // A scan lists each address once.
          <li key={entry.url} className="min-w-0">
            <FunnelEntryCard entry={entry} pending={pending} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface FunnelStepsProps {
  entries: readonly FunnelEntry[];
  /** The screenshots are still being taken: pages without one say 'Capturando imagem…' instead of 'Sem imagem'. */
  pending?: boolean;
  className?: string;
}

/**
 * A funnel's pages grouped by step in funnel order (steps with entries only), each step a section with an h3 and
 * its count, each page a card (funnel-entry-card.tsx). The caller gives the h2. One column on a phone, two as its
 * own box widens, the pictures beside the text when wider still (container queries: the same component sits in the
 * offer's page and in a dashboard tab, whose widths differ).
 */
export function FunnelSteps({ entries, pending = false, className }: FunnelStepsProps) {
  const groups = groupFunnelEntries(entries);
  if (groups.length === 0) {
    return (
      <p
        className={cn(
          'rounded-xl border border-dashed border-border px-4 py-10 text-center text-sm text-muted',
          className,
        )}
      >
        Nenhuma página de funil encontrada.
      </p>
    );
  }
  return (
    <div className={cn('@container space-y-6', className)}>
      {groups.map((group) => (
        <StepSection key={group.step} step={group.step} entries={group.entries} pending={pending} />
      ))}
    </div>
  );
}

export interface FunnelMapPanelProps {
  /** The latest map, or null when none has been made yet. */
  map: FunnelMap | null;
  /** The caller's action beside the heading (e.g. the 'Mapear funil' button). */
  action?: ReactNode;
  /** What to say when there is no map (default: 'Nenhum funil mapeado ainda.'). */
  emptyText?: ReactNode;
  className?: string;
}

/**
 * A stored funnel map: the 'Funil mapeado' heading (h2; 'Funil da oferta' before any map), who mapped it and when (São Paulo time), the domain, a
 * summary line ('5 etapas · checkout Hotmart · R$ 197,00'), then its steps. Without a map: the heading, the
 * empty text and the action.
 */
export function FunnelMapPanel({ map, action, emptyText, className }: FunnelMapPanelProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('space-y-4', className)}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h2 id={headingId} className="text-lg font-semibold">
            {map ? 'Funil mapeado' : 'Funil da oferta'}
          </h2>
          {map ? (
            <>
              <p className="text-sm text-muted">
                Mapeado por <span className="font-medium text-foreground">{map.mappedBy}</span> em{' '}
                <time dateTime={map.mappedAt}>{formatExactDateTime(map.mappedAt)}</time>
              </p>
              <p className="flex min-w-0 items-center gap-1.5 text-sm">
                <span className="sr-only">Domínio: </span>
                <span className="truncate font-mono" title={map.domain}>
                  {map.domain}
                </span>
              </p>
              <p className="text-sm font-medium text-green-300">{funnelSummary(map.funnel)}</p>
            </>
          ) : null}
        </div>
        {action ? <div className="flex shrink-0 flex-wrap gap-2">{action}</div> : null}
      </div>
      {map ? (
        <>
          {/* A live region rendered from the start, so screen readers follow what it says. */}
          <p role="status" className="text-sm text-muted empty:hidden">
            {map.screenshotsPending
              ? 'Capturando as imagens das páginas… Elas aparecem aqui em instantes.'
              : ''}
          </p>
          <FunnelSteps entries={map.funnel} pending={map.screenshotsPending} />
        </>
      ) : (
        <p className="rounded-xl border border-dashed border-border px-4 py-10 text-center text-sm text-muted">
          {emptyText ?? 'Nenhum funil mapeado ainda.'}
        </p>
      )}
    </section>
  );
}
