import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RankingReview } from '../../../../shared/schemas/community';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import { RankingReviewTab, sortForReview } from './ranking-review-tab';

type Entry = RankingReview['entries'][number];

const ana: Entry = { userId: 'a', name: 'Ana', counted: 12, excluded: [], decision: null };
const bia: Entry = {
  userId: 'b',
  name: 'Bia',
  counted: 3,
  excluded: [
    { reason: 'new-account', count: 4 },
    { reason: 'ring', count: 5 },
  ],
  decision: null,
};
const caio: Entry = {
  userId: 'c',
  name: 'Caio',
  counted: 0,
  excluded: [{ reason: 'admin', count: 2 }],
  decision: 'exclude',
};

const CURRENT = 'GET /api/admin/ranking/review?month=2026-11';
const MONTHS = { months: ['2026-11', '2026-10', '2026-09'] };

beforeEach(() => {
  // 20 Nov 2026, noon in São Paulo: the open month is 2026-11.
  vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-20T15:00:00Z') });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('RankingReviewTab', () => {
  it('lists the members with the most excluded likes first, with each reason, and decides the open month', async () => {
    let answer: Entry[] = [ana, bia, caio];
    const stub = createFetchStub({
      'GET /api/ranking/months': () => json(200, MONTHS),
      [CURRENT]: () => json(200, { entries: answer }),
      'POST /api/admin/ranking/review/overrides': (body) => {
        const { decision } = body as { decision: Entry['decision'] };
        answer = [ana, { ...bia, decision }, caio];
        return json(200, {
          message: decision === null ? 'Decisão removida: as regras decidem.' : 'Decisão registrada.',
        });
      },
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<RankingReviewTab />);

    const table = await screen.findByRole('table');
    expect(rowsOf(table)).toEqual(['Bia', 'Caio', 'Ana']);
    expect(screen.getByRole('region', { name: 'Curtidas de novembro de 2026' })).toBeTruthy();
    const bRow = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(bRow).getByText('Conta criada há menos de 7 dias').nextSibling?.textContent).toBe('4');
    expect(within(bRow).getByText('Curtidas recíprocas em grupo (anel)').nextSibling?.textContent).toBe('5');
    expect(within(bRow).getByText('Regras')).toBeTruthy();
    const cRow = within(table).getAllByRole('row')[2] as HTMLElement;
    expect(within(cRow).getByText('Excluídas pelo administrador')).toBeTruthy();
    expect(within(cRow).getByText('Excluir todas', { selector: 'span' })).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Excluir todas as curtidas de Caio' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect((screen.getByRole('option', { selected: true }) as HTMLOptionElement).textContent).toBe(
      'Novembro de 2026 (em andamento)',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Contar todas as curtidas de Bia' }));
    expect(await screen.findByText('Decisão registrada.')).toBeTruthy();
    await waitFor(() => expect(within(bRow).getByText('Contar todas', { selector: 'span' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Voltar às regras nas curtidas de Bia' }));
    expect(await screen.findByText('Decisão removida: as regras decidem.')).toBeTruthy();
    await waitFor(() => expect(within(bRow).getByText('Regras')).toBeTruthy());

    expect(stub.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { month: '2026-11', userId: 'b', decision: 'count' },
      { month: '2026-11', userId: 'b', decision: null },
    ]);
    expect(stub.calls.filter((c) => c.path.startsWith('/api/admin/ranking/review?')).length).toBe(3);
    expect(stub.unexpected).toEqual([]);
  });

  it('shows a closed month read-only, and the empty state', async () => {
    const stub = createFetchStub({
      'GET /api/ranking/months': () => json(200, MONTHS),
      [CURRENT]: () => json(200, { entries: [] }),
      'GET /api/admin/ranking/review?month=2026-10': () => json(200, { entries: [bia] }),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<RankingReviewTab />);
    expect(await screen.findByText('Nenhuma curtida neste mês.')).toBeTruthy();
    expect(screen.queryByText(/Mês encerrado/)).toBeNull();

    const select = screen.getByRole('combobox', { name: 'Mês' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(select, { target: { value: '2026-10' } });
    const table = await screen.findByRole('table');
    expect(rowsOf(table)).toEqual(['Bia']);
    expect(screen.getByText(/Mês encerrado: o ranking de outubro de 2026 está congelado/)).toBeTruthy();
    expect(within(table).queryByRole('columnheader', { name: 'Ações' })).toBeNull();
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(stub.unexpected).toEqual([]);
  });

  it('shows one card per member on phones, with the same facts and actions', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 767px)',
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const stub = createFetchStub({
      'GET /api/ranking/months': () => json(200, MONTHS),
      [CURRENT]: () => json(200, { entries: [ana, bia] }),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<RankingReviewTab />);
    const list = await screen.findByRole('list', { name: 'Curtidas de novembro de 2026' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Bia', 'Ana']);
    expect(within(cards[0] as HTMLElement).getByText('Curtidas recíprocas em grupo (anel)')).toBeTruthy();
    expect(
      within(cards[0] as HTMLElement).getByRole('button', { name: 'Excluir todas as curtidas de Bia' }),
    ).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText('Nenhuma')).toBeTruthy();
    expect(stub.unexpected).toEqual([]);
  });

  it('sorts by excluded likes, then counted likes, then name', () => {
    const dora: Entry = { ...ana, userId: 'd', name: 'Dora' };
    expect(sortForReview([dora, ana, caio, bia]).map((e) => e.name)).toEqual(['Bia', 'Caio', 'Ana', 'Dora']);
  });
});
