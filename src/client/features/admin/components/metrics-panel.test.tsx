import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminMetrics, MetricsInterval } from '../../../../shared/schemas/admin-metrics';
import { captureDownloads, readBlobText } from '../../../testing/capture-downloads';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import { csvDateLabel, MetricsPanel, metricsPeriod, pointLabel } from './metrics-panel';

afterEach(() => vi.unstubAllGlobals());

const url = (days: number, interval: MetricsInterval) => {
  const { from, to } = metricsPeriod(days);
  return `GET /api/admin/metrics?from=${from}&to=${to}&interval=${interval}`;
};

function metrics(interval: MetricsInterval, dates: string[], paying: number[]): AdminMetrics {
  const zero = dates.map((date) => ({ date, value: 0 }));
  return {
    from: dates[0]!,
    to: dates.at(-1)!,
    interval,
    series: {
      payingMembers: dates.map((date, i) => ({ date, value: paying[i]! })),
      newPurchases: zero,
      cancellations: zero,
      expiries: zero,
      refunds: zero,
      revenueCents: dates.map((date) => ({ date, value: 9700 })),
      mrrCents: dates.map((date, i) => ({ date, value: paying[i]! * 9700 })),
      activeMembers1d: zero,
      activeMembers7d: zero,
      activeMembers30d: zero,
    },
    churnByMonth: [{ month: '2026-11', rate: 0.125 }],
    cohorts: [{ month: '2026-11', size: 8, retained: [6, null, null, null] }],
    toolUse: [{ week: '2026-11-23', tool: 'slugChecks', count: 4 }],
  };
}

/** The panel on the default 30 days (two days of numbers), with its downloads captured. */
function renderTwoDaysCapturingDownloads() {
  const downloads = captureDownloads();
  vi.stubGlobal(
    'fetch',
    createFetchStub({
      [url(30, 'day')]: () => json(200, metrics('day', ['2026-11-25', '2026-11-26'], [3, 5])),
    }).fetch,
  );
  renderWithProviders(<MetricsPanel />);
  return downloads;
}

describe('dates of the charts', () => {
  it('carry the year in the CSV (the screen keeps the short label)', () => {
    expect(pointLabel('2026-11-08', 'day')).toBe('08/11');
    expect(csvDateLabel('2026-11-08', 'day')).toBe('08/11/2026');
    expect(pointLabel('2026-11-01', 'month')).toBe('nov/26');
    expect(csvDateLabel('2026-11-01', 'month')).toBe('11/2026');
  });
});

describe('MetricsPanel', () => {
  it('charts the last 30 days by default with their numbers in tables, and asks again per period and month', async () => {
    const stub = createFetchStub({
      [url(30, 'day')]: () => json(200, metrics('day', ['2026-11-25', '2026-11-26'], [3, 5])),
      [url(90, 'day')]: () => json(200, metrics('day', ['2026-11-26'], [7])),
      [url(90, 'month')]: () =>
        json(200, metrics('month', ['2026-09-01', '2026-10-01', '2026-11-01'], [1, 2, 9])),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<MetricsPanel />);

    const paying = (await screen.findByRole('heading', { name: 'Membros pagantes' })).closest('div')!
      .parentElement!;
    expect(within(paying).getByRole('img', { name: 'Membros pagantes' })).toBeTruthy();
    const rows = within(within(paying).getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['DataPagantes', '25/113', '26/115']);
    const mrr = screen.getByRole('table', { name: 'Receita recorrente mensal (MRR)' });
    expect(mrr.textContent).toMatch(/R\$\s485,00/);
    expect(screen.getByText('12,5%')).toBeTruthy();
    expect(screen.getByRole('row', { name: /nov\/26 8 6 — — —/ })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Verificações de slug' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '90 dias' }));
    expect(await screen.findByRole('row', { name: '26/11 7' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Por mês' }));
    expect(await screen.findByRole('row', { name: 'nov/26 9' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Por mês' }).getAttribute('aria-pressed')).toBe('true');
    expect(stub.unexpected).toEqual([]);
  });

  it('exports a chart’s series as CSV', async () => {
    const downloads = renderTwoDaysCapturingDownloads();
    fireEvent.click(await screen.findByRole('button', { name: 'Exportar CSV: Membros pagantes' }));
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.name).toBe('pagantes-2026-11-25-a-2026-11-26.csv');
    expect(await readBlobText(downloads[0]!.blob)).toContain('data;Pagantes\r\n25/11/2026;3\r\n26/11/2026;5');
    // Money in reais, as the spreadsheet reads it.
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV: Receita recorrente mensal (MRR)' }));
    expect(await readBlobText(downloads[1]!.blob)).toContain(
      'data;MRR (R$)\r\n25/11/2026;291\r\n26/11/2026;485',
    );
  });

  it('exports the churn, the cohorts and the tool use as CSV too', async () => {
    const downloads = renderTwoDaysCapturingDownloads();
    for (const name of ['Churn por mês', 'Coortes mensais (ainda pagando)', 'Uso das ferramentas por semana'])
      fireEvent.click(await screen.findByRole('button', { name: `Exportar CSV: ${name}` }));
    expect(downloads.map((d) => d.name)).toEqual([
      'churn-2026-11-25-a-2026-11-26.csv',
      'coortes-2026-11-25-a-2026-11-26.csv',
      'ferramentas-2026-11-25-a-2026-11-26.csv',
    ]);
    const [churn, cohorts, tools] = await Promise.all(downloads.map((d) => readBlobText(d.blob)));
    expect(churn).toContain('2026-11;"0,125"');
    expect(cohorts).toContain('mês;compradores;1 mês;2 meses;3 meses;6 meses\r\n2026-11;8;6;;;');
    expect(tools).toContain('2026-11-23;4;0;0;0;0;0;0');
  });

  it('says when the numbers cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      createFetchStub({ [url(30, 'day')]: () => json(500, { message: 'Erro interno do servidor' }) }).fetch,
    );
    renderWithProviders(<MetricsPanel />);
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
