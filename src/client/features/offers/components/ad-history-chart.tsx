import { useId, useState } from 'react';
import { addDays, daysBetween, saoPauloDay } from '../../../../shared/sao-paulo-day';
import type { AdHistory } from '../../../../shared/schemas/offers';
import { Segmented } from '../../../components/ui/segmented';
import { formatCount, formatDay } from '../../../lib/format';
import { type AdHistoryDays, useAdHistory } from '../api/use-ad-history';
import { MomentumBadge } from './momentum-badge';

const WIDTH = 600;
const HEIGHT = 160;
const WINDOWS: readonly AdHistoryDays[] = [30, 90];

/**
 * The count holds from one point to the next (a step line), from the window's first day (a point before it is drawn
 * there) to its last day: what the administrator counted, never a line drawn between counts that were not taken.
 */
export function stepPath(history: Pick<AdHistory, 'points'>, from: string, to: string, max: number): string {
  const span = Math.max(1, daysBetween(from, to));
  const x = (day: string) => (Math.min(span, Math.max(0, daysBetween(from, day))) / span) * WIDTH;
  const y = (ads: number) => HEIGHT - (max > 0 ? (ads / max) * (HEIGHT - 8) : 0);
  let path = '';
  let lastY: number | null = null;
  for (const point of history.points) {
    const px = x(point.date);
    const py = y(point.ads);
    path += lastY === null ? `M${px.toFixed(1)},${py.toFixed(1)}` : `H${px.toFixed(1)}V${py.toFixed(1)}`;
    lastY = py;
  }
  return lastY === null ? '' : `${path}H${x(to).toFixed(1)}`;
}

/** The ad count over the last 30 or 90 days: a chart, and the same numbers as a table for screen readers. */
export function AdHistoryChart({ offerId }: { offerId: string }) {
  const [days, setDays] = useState<AdHistoryDays>(30);
  const history = useAdHistory(offerId, days);
  const titleId = useId();
  const data = history.data;
  // The window ends today in São Paulo (the server's window), not on the last count: a count 10 days old holds
  // from its day to today. `before` (the count before the window) starts the line at the window's first day.
  const to = saoPauloDay();
  const from = addDays(to, -(days - 1));
  const drawn = data ? [...(data.before ? [data.before] : []), ...data.points] : [];
  const first = drawn[0];
  const last = drawn.at(-1);
  const max = Math.max(1, ...drawn.map((p) => p.ads));
  const line = stepPath({ points: drawn }, from, to, max);

  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-border bg-surface p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-sm font-semibold">
          Anúncios ativos ao longo do tempo
        </h2>
        <Segmented
          label="Período do gráfico"
          value={days}
          onChange={setDays}
          options={WINDOWS.map((window) => ({ value: window, label: `${window} dias` }))}
        />
      </div>

      {history.isError ? (
        <p className="text-sm text-muted">Não foi possível carregar o histórico de anúncios.</p>
      ) : !data ? (
        <div
          role="status"
          aria-label="Carregando histórico"
          className="h-40 animate-pulse rounded-lg bg-surface-2"
        />
      ) : (
        <>
          <div className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <MomentumBadge momentum={data.momentum} growth7d={data.growth7d} />
            <span className="text-muted">
              Vista pela primeira vez em {formatDay(data.firstSeen)} · última contagem em{' '}
              {formatDay(data.lastSeen)}
            </span>
          </div>
          {!last ? (
            <p className="text-sm text-muted">Nenhuma contagem de anúncios nos últimos {days} dias.</p>
          ) : (
            <figure>
              <div className="relative">
                <span aria-hidden className="absolute top-0 left-0 text-[11px] text-muted tabular-nums">
                  {formatCount(max)}
                </span>
                <svg
                  aria-hidden
                  viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
                  preserveAspectRatio="none"
                  className="h-40 w-full overflow-visible"
                >
                  <line x1="0" y1={HEIGHT} x2={WIDTH} y2={HEIGHT} className="stroke-border" strokeWidth="1" />
                  <path d={`${line}V${HEIGHT}H${stepStart(line)}Z`} className="fill-primary/15" />
                  <path
                    d={line}
                    fill="none"
                    className="stroke-primary"
                    strokeWidth="2"
                    vectorEffect="non-scaling-stroke"
                  />
                </svg>
              </div>
              <div aria-hidden className="mt-1 flex justify-between text-[11px] text-muted tabular-nums">
                <span>{formatDay(from)}</span>
                <span>{formatDay(to)}</span>
              </div>
              <figcaption className="mt-2 text-sm text-zinc-300">
                {last.date < from
                  ? `${formatCount(last.ads)} anúncios desde ${formatDay(last.date)}: nenhuma contagem nova nos últimos ${days} dias.`
                  : first && first !== last
                    ? `De ${formatCount(first.ads)} para ${formatCount(last.ads)} anúncios entre ${formatDay(first.date)} e ${formatDay(last.date)}.`
                    : `${formatCount(last.ads)} anúncios em ${formatDay(last.date)}.`}
              </figcaption>
              <table className="sr-only">
                <caption>Contagens de anúncios, últimos {days} dias</caption>
                <thead>
                  <tr>
                    <th scope="col">Dia</th>
                    <th scope="col">Anúncios</th>
                  </tr>
                </thead>
                <tbody>
                  {data.before ? (
                    <tr>
                      <td>{formatDay(data.before.date)} (antes do período)</td>
                      <td>{formatCount(data.before.ads)}</td>
                    </tr>
                  ) : null}
                  {data.points.map((point) => (
                    <tr key={point.date}>
                      <td>{formatDay(point.date)}</td>
                      <td>{formatCount(point.ads)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </figure>
          )}
        </>
      )}
    </section>
  );
}

/** The x where a step path starts (its first M), to close the area under it. */
function stepStart(path: string): string {
  return /^M([\d.]+)/.exec(path)?.[1] ?? '0';
}
