import { useState } from 'react';
import { addDays, saoPauloDay } from '../../../../shared/sao-paulo-day';
import {
  type AdminMetrics,
  METRICS_TOOL_LABELS,
  METRICS_TOOLS,
  type MetricsInterval,
} from '../../../../shared/schemas/admin-metrics';
import { Card } from '../../../components/ui/card';
import { Segmented } from '../../../components/ui/segmented';
import { Table, TBody, Td, THead, Th, Tr } from '../../../components/ui/table';
import { formatBRL, formatPercent } from '../../../lib/format';
import { useAdminMetrics } from '../api/use-admin-metrics';
import { Chart, CsvButton } from './charts/chart';
import { ErrorBlock, LoadingBlock } from './query-state';

export const METRICS_PERIODS = [7, 30, 90, 365] as const;
const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
const money = (cents: number) => formatBRL(cents / 100);

/** '2026-11-26' → '26/11' per day, '2026-11-01' → 'nov/26' per month. */
export function pointLabel(date: string, interval: MetricsInterval): string {
  const [y, m, d] = date.split('-');
  return interval === 'day' ? `${d}/${m}` : `${MONTHS[Number(m) - 1]}/${y?.slice(2)}`;
}

/** A point's date in a CSV, with its year: '25/11/2026' per day, '11/2026' per month (Excel pt-BR reads both as dates). */
export function csvDateLabel(date: string, interval: MetricsInterval): string {
  const [y, m, d] = date.split('-');
  return interval === 'day' ? `${d}/${m}/${y}` : `${m}/${y}`;
}

/** The period that ends today in São Paulo, `days` long. */
export function metricsPeriod(days: number, today = saoPauloDay()) {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** The owner's dashboard: the club's numbers over a chosen period, per day or month. */
export function MetricsPanel() {
  const [days, setDays] = useState<number>(30);
  const [interval, setInterval] = useState<MetricsInterval>('day');
  const { from, to } = metricsPeriod(days);
  const { data, isPending, isError, error } = useAdminMetrics(from, to, interval);

  return (
    <section aria-labelledby="metrics-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="metrics-title" className="text-lg font-semibold">
          Números do clube
        </h2>
        <div className="flex flex-wrap gap-3">
          <Segmented
            label="Período"
            value={days}
            onChange={setDays}
            options={METRICS_PERIODS.map((d) => ({ value: d, label: `${d} dias` }))}
          />
          <Segmented
            label="Agrupar por"
            value={interval}
            onChange={setInterval}
            options={[
              { value: 'day', label: 'Por dia' },
              { value: 'month', label: 'Por mês' },
            ]}
          />
        </div>
      </div>
      {isPending ? (
        <LoadingBlock />
      ) : isError ? (
        <ErrorBlock error={error} what="os números do clube" />
      ) : (
        <MetricsCharts data={data} />
      )}
    </section>
  );
}

/** Cents as reais for the CSV (the spreadsheet reads 485,5 as a number). */
const toReais = (cents: number) => cents / 100;

function MetricsCharts({ data }: { data: AdminMetrics }) {
  const s = data.series;
  const labels = s.payingMembers.map((p) => pointLabel(p.date, data.interval));
  const csvLabels = s.payingMembers.map((p) => csvDateLabel(p.date, data.interval));
  const vals = (points: AdminMetrics['series']['payingMembers']) => points.map((p) => p.value);
  const net = s.newPurchases.map(
    (p, i) =>
      p.value - (s.cancellations[i]?.value ?? 0) - (s.expiries[i]?.value ?? 0) - (s.refunds[i]?.value ?? 0),
  );
  const csv = (name: string) => `${name}-${data.from}-a-${data.to}`;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-2">
        <Chart
          title="Membros pagantes"
          kind="line"
          labels={labels}
          csvLabels={csvLabels}
          series={[{ label: 'Pagantes', tone: 'text-primary', values: vals(s.payingMembers) }]}
          csvName={csv('pagantes')}
        />
        <Chart
          title="Receita recorrente mensal (MRR)"
          kind="line"
          labels={labels}
          csvLabels={csvLabels}
          series={[{ label: 'MRR (R$)', tone: 'text-sky-400', values: vals(s.mrrCents) }]}
          format={money}
          csvValue={toReais}
          csvName={csv('mrr')}
        />
        <Chart
          title="Receita"
          kind="bar"
          labels={labels}
          csvLabels={csvLabels}
          series={[{ label: 'Receita (R$)', tone: 'text-primary', values: vals(s.revenueCents) }]}
          format={money}
          csvValue={toReais}
          csvName={csv('receita')}
        />
        <Chart
          title="Compras, cancelamentos e saldo"
          kind="bar"
          labels={labels}
          csvLabels={csvLabels}
          series={[
            { label: 'Compras novas', tone: 'text-primary', values: vals(s.newPurchases) },
            { label: 'Cancelamentos', tone: 'text-red-400', values: vals(s.cancellations) },
            { label: 'Expirações', tone: 'text-amber-400', values: vals(s.expiries) },
            { label: 'Reembolsos e chargebacks', tone: 'text-purple-400', values: vals(s.refunds) },
          ]}
          csvName={csv('movimento')}
        />
        <Chart
          title="Saldo de pagantes (compras novas menos saídas)"
          kind="bar"
          labels={labels}
          csvLabels={csvLabels}
          series={[{ label: 'Saldo', tone: 'text-sky-400', values: net }]}
          csvName={csv('saldo')}
        />
        <Chart
          title="Membros ativos"
          kind="line"
          labels={labels}
          csvLabels={csvLabels}
          series={[
            { label: 'Em 1 dia', tone: 'text-primary', values: vals(s.activeMembers1d) },
            { label: 'Em 7 dias', tone: 'text-sky-400', values: vals(s.activeMembers7d) },
            { label: 'Em 30 dias', tone: 'text-amber-400', values: vals(s.activeMembers30d) },
          ]}
          csvName={csv('ativos')}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="min-w-0 space-y-2 p-4">
          <TableHeading
            title="Churn por mês"
            fileName={csv('churn')}
            rows={() => [
              ['mês', 'cancelados ou expirados / pagantes no início'],
              ...data.churnByMonth.map((c) => [c.month, c.rate === null ? '' : c.rate]),
            ]}
          />
          <p className="text-xs text-muted">Cancelados ou expirados no mês ÷ pagantes no início do mês.</p>
          <Table scrollLabel="Churn por mês">
            <THead>
              <tr>
                <Th scope="col">Mês</Th>
                <Th scope="col" className="text-right">
                  Churn
                </Th>
              </tr>
            </THead>
            <TBody>
              {data.churnByMonth.map((c) => (
                <Tr key={c.month}>
                  <Th scope="row" className="font-normal">
                    {pointLabel(`${c.month}-01`, 'month')}
                  </Th>
                  <Td className="text-right tabular-nums">
                    {c.rate === null ? '—' : formatPercent(c.rate * 100)}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </Card>
        <Card className="min-w-0 space-y-2 p-4">
          <TableHeading
            title="Coortes mensais (ainda pagando)"
            fileName={csv('coortes')}
            rows={() => [
              ['mês', 'compradores', ...COHORT_COLUMNS],
              ...data.cohorts.map((c) => [c.month, c.size, ...c.retained.map((r) => r ?? '')]),
            ]}
          />
          <Table scrollLabel="Coortes mensais (ainda pagando)">
            <THead>
              <tr>
                <Th scope="col">Mês</Th>
                <Th scope="col" className="text-right">
                  Compradores
                </Th>
                {COHORT_COLUMNS.map((h) => (
                  <Th key={h} scope="col" className="text-right">
                    {h}
                  </Th>
                ))}
              </tr>
            </THead>
            <TBody>
              {data.cohorts.map((c) => (
                <Tr key={c.month}>
                  <Th scope="row" className="font-normal">
                    {pointLabel(`${c.month}-01`, 'month')}
                  </Th>
                  <Td className="text-right tabular-nums">{c.size}</Td>
                  {c.retained.map((r, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the four fixed columns
                    <Td key={i} className="text-right tabular-nums">
                      {r === null ? '—' : r}
                    </Td>
                  ))}
                </Tr>
              ))}
            </TBody>
          </Table>
        </Card>
      </div>
      <ToolUseTable data={data} fileName={csv('ferramentas')} />
    </div>
  );
}

const COHORT_COLUMNS = ['1 mês', '2 meses', '3 meses', '6 meses'];

/** A table card's title with its 'Exportar CSV'. */
function TableHeading(props: Parameters<typeof CsvButton>[0]) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h3 className="text-sm font-semibold">{props.title}</h3>
      <CsvButton {...props} />
    </div>
  );
}

function ToolUseTable({ data, fileName }: { data: AdminMetrics; fileName: string }) {
  const weeks = [...new Set(data.toolUse.map((u) => u.week))];
  const count = (week: string, tool: string) =>
    data.toolUse.find((u) => u.week === week && u.tool === tool)?.count ?? 0;
  return (
    <Card className="min-w-0 space-y-2 p-4">
      <TableHeading
        title="Uso das ferramentas por semana"
        fileName={fileName}
        rows={() => [
          ['semana de', ...METRICS_TOOLS.map((t) => METRICS_TOOL_LABELS[t])],
          ...weeks.map((w) => [w, ...METRICS_TOOLS.map((t) => count(w, t))]),
        ]}
      />
      {weeks.length === 0 ? (
        <p className="text-sm text-muted">Nenhum uso no período.</p>
      ) : (
        <Table scrollLabel="Uso das ferramentas por semana">
          <THead>
            <tr>
              <Th scope="col">Semana de</Th>
              {METRICS_TOOLS.map((t) => (
                <Th key={t} scope="col" className="text-right">
                  {METRICS_TOOL_LABELS[t]}
                </Th>
              ))}
            </tr>
          </THead>
          <TBody>
            {weeks.map((w) => (
              <Tr key={w}>
                <Th scope="row" className="font-normal">
                  {pointLabel(w, 'day')}
                </Th>
                {METRICS_TOOLS.map((t) => (
                  <Td key={t} className="text-right tabular-nums">
                    {count(w, t)}
                  </Td>
                ))}
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </Card>
  );
}
