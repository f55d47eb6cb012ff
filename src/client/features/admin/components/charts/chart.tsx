import { Download } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { toSpreadsheetCsv } from '../../../../lib/csv';
import { downloadFile } from '../../../../lib/download';
import { formatCount } from '../../../../lib/format';

export interface ChartSeries {
  label: string;
  /** A Tailwind text colour class: the line or bar uses currentColor. */
  tone: string;
  values: readonly number[];
}

interface ChartProps {
  title: string;
  kind: 'line' | 'bar';
  /** The x labels (one per point), e.g. '26/11' or 'nov/26'. */
  labels: readonly string[];
  series: readonly ChartSeries[];
  format?: (value: number) => string;
  /** File name of 'Exportar CSV', without extension. */
  csvName: string;
  /** The CSV's date column, one per point, with the year (a spreadsheet reads it as a date); default `labels`. */
  csvLabels?: readonly string[];
  /** A value as the CSV writes it (money: cents to reais). */
  csvValue?: (value: number) => number;
}

const W = 600;
const H = 220;
const PAD = { top: 30, right: 8, bottom: 32, left: 8 };

/** The smallest 1, 2, 2.5 or 5 × 10ⁿ at or above `v` (a scale's top that reads well). */
export function niceCeil(v: number): number {
  if (v <= 0) return 0;
  const pow = 10 ** Math.floor(Math.log10(v));
  return pow * ([1, 2, 2.5, 5, 10].find((m) => m * pow >= v) ?? 10);
}

/** A small SVG line or bar chart with its numbers as a table under it and a CSV export (admin chunk only). */
export function Chart({
  title,
  kind,
  labels,
  series,
  format = formatCount,
  csvName,
  csvLabels = labels,
  csvValue = (v) => v,
}: ChartProps) {
  const titleId = useId();
  const max = niceCeil(Math.max(1, ...series.flatMap((s) => s.values)));
  // Net change can go below zero: the scale then starts below it and bars grow from the zero line.
  const min = -niceCeil(-Math.min(0, ...series.flatMap((s) => s.values)));
  // Gridlines with their values: the top, the middle of the positive part when it is a whole number (counts are never
  // halves), and the bottom when below zero.
  const grid = [max, ...(Number.isInteger(max / 2) ? [max / 2] : []), ...(min < 0 ? [min] : [])];
  const n = Math.max(1, labels.length);
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / n;
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const y = (v: number) => PAD.top + innerH - ((v - min) / (max - min)) * innerH;
  const tickEvery = Math.max(1, Math.ceil(n / 6));
  const last = series.map((s) => `${s.label}: ${format(s.values.at(-1) ?? 0)}`).join(', ');

  return (
    <Card className="@container min-w-0 space-y-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-sm font-semibold">
          {title}
        </h3>
        <CsvButton
          title={title}
          fileName={csvName}
          rows={() => [
            ['data', ...series.map((s) => s.label)],
            ...csvLabels.map((l, i) => [l, ...series.map((s) => csvValue(s.values[i] ?? 0))]),
          ]}
        />
      </div>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full"
        role="img"
        aria-labelledby={titleId}
        aria-describedby={`${titleId}-d`}
      >
        <title>{title}</title>
        <desc id={`${titleId}-d`}>{`Último ponto: ${last}.`}</desc>
        {grid.map((v) => (
          <g key={v}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(v)}
              y2={y(v)}
              strokeDasharray="4 4"
              className="stroke-zinc-800"
            />
            <text x={PAD.left} y={y(v) - 4} className="fill-zinc-400 text-[15px] @max-md:text-[24px]">
              {format(v)}
            </text>
          </g>
        ))}
        <line x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} className="stroke-zinc-700" />
        {series.map((s, si) =>
          kind === 'line' ? (
            <polyline
              key={s.label}
              fill="none"
              strokeWidth={2}
              className={`stroke-current ${s.tone}`}
              points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')}
            />
          ) : (
            <g key={s.label} className={`fill-current ${s.tone}`}>
              {s.values.map((v, i) => {
                const bw = Math.max(1, (slot * 0.8) / series.length);
                const bx = PAD.left + slot * i + slot * 0.1 + bw * si;
                return (
                  <rect
                    key={labels[i]}
                    x={bx}
                    y={Math.min(y(v), y(0))}
                    width={bw}
                    height={Math.abs(y(0) - y(v))}
                  />
                );
              })}
            </g>
          ),
        )}
        {labels.map((l, i) =>
          i % tickEvery === 0 ? (
            <text
              key={l}
              x={i === 0 ? PAD.left : x(i)}
              y={H - 6}
              textAnchor={i === 0 ? 'start' : 'middle'}
              className="fill-zinc-400 text-[15px] @max-md:text-[24px]"
            >
              {l}
            </text>
          ) : null,
        )}
      </svg>
      {series.length > 1 && (
        <ul className="flex flex-wrap gap-3 text-xs text-muted">
          {series.map((s) => (
            <li key={s.label} className="flex items-center gap-1">
              <span className={`inline-block h-2 w-3 rounded-sm bg-current ${s.tone}`} aria-hidden />
              {s.label}
            </li>
          ))}
        </ul>
      )}
      <details>
        <summary className="cursor-pointer text-xs text-muted">Ver números</summary>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe) */}
        <section tabIndex={0} aria-label={`Números: ${title}`} className="mt-2 max-h-64 overflow-auto">
          <table className="w-full text-left text-xs">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-2">
                  Data
                </th>
                {series.map((s) => (
                  <th key={s.label} scope="col" className="py-1 pr-2 text-right">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {labels.map((l, i) => (
                <tr key={l} className="border-t border-border">
                  <th scope="row" className="py-1 pr-2 font-normal">
                    {l}
                  </th>
                  {series.map((s) => (
                    <td key={s.label} className="py-1 pr-2 text-right tabular-nums">
                      {format(s.values[i] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </details>
    </Card>
  );
}

/** 'Exportar CSV' of a chart or table: the rows (header first) as the house's spreadsheet CSV (`;`, BOM). */
export function CsvButton({
  title,
  fileName,
  rows,
}: {
  title: string;
  /** Without extension. */
  fileName: string;
  rows: () => Array<Array<string | number>>;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => downloadFile(`${fileName}.csv`, toSpreadsheetCsv(rows()), 'text/csv;charset=utf-8')}
      aria-label={`Exportar CSV: ${title}`}
    >
      <Download className="h-4 w-4" aria-hidden />
      Exportar CSV
    </Button>
  );
}
