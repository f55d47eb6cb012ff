import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LedgerEntry } from '../../../../shared/schemas/pix';
import { TOP_UP_UNAVAILABLE } from '../../../components/balance/top-up-unavailable';
import { formatDateTime } from '../../../lib/format';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import { BalanceCard } from './balance-card';

const entry = (n: number, over: Partial<LedgerEntry> = {}): LedgerEntry => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  amount: -1,
  reason: 'Verificação de slugs',
  kind: 'slug_check',
  createdAt: new Date(Date.UTC(2025, 4, 20 - n, 15, 30)).toISOString(),
  balanceAfter: 100 - n,
  ...over,
});

const FIRST_PAGE = [
  entry(1, { amount: 1234.56, reason: 'Recarga PIX', kind: 'pix_deposit', balanceAfter: 1236.56 }),
  ...Array.from({ length: 9 }, (_, i) => entry(i + 2)),
];
const LAST_PAGE = [
  entry(11, { amount: 3, reason: 'Crédito de boas-vindas', kind: 'trial_credit', balanceAfter: 3 }),
];

const text = (s: string) => s.replace(/\s+/g, ' ');

function stubApi(ledger: Record<string, () => Response>, pixTopUp: 'sandbox' | 'woovi' | 'off' = 'sandbox') {
  const stub = createFetchStub({
    'GET /api/user/balance': () => json(200, { balance: 1236.56, pixTopUp }),
    ...ledger,
  });
  vi.stubGlobal('fetch', stub.fetch);
  return stub;
}

afterEach(() => vi.unstubAllGlobals());

describe('BalanceCard', () => {
  it('shows the balance and the ledger with dates, reasons, signed amounts and the balance after; pages on', async () => {
    const stub = stubApi({
      'GET /api/user/ledger?limit=10': () =>
        json(200, { entries: FIRST_PAGE, nextCursor: FIRST_PAGE[9]?.id }),
      [`GET /api/user/ledger?limit=10&cursor=${FIRST_PAGE[9]?.id}`]: () =>
        json(200, { entries: LAST_PAGE, nextCursor: null }),
    });
    const user = userEvent.setup();
    renderWithProviders(<BalanceCard user={{ name: 'Maria', email: 'maria@exemplo.com' }} />);
    expect(await screen.findByText('R$ 1.236,56', { normalizer: text })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Extrato' })).toBeTruthy();

    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(10);
    const first = within(items[0] as HTMLElement);
    expect(first.getByText('Recarga PIX')).toBeTruthy();
    expect(first.getByText('+R$ 1.234,56', { normalizer: text })).toBeTruthy();
    expect(first.getByText('Saldo: R$ 1.236,56', { normalizer: text })).toBeTruthy();
    expect(first.getByText(formatDateTime(FIRST_PAGE[0]?.createdAt as string))).toBeTruthy();
    expect(formatDateTime(FIRST_PAGE[0]?.createdAt as string)).toMatch(/^\d{2}\/\d{2}\/2025/);
    const second = within(items[1] as HTMLElement);
    expect(second.getByText('Verificação de slugs')).toBeTruthy();
    expect(second.getByText('−R$ 1,00', { normalizer: text })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Carregar Mais' }));
    expect(await screen.findByText('Crédito de boas-vindas')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(11);
    expect(screen.queryByRole('button', { name: 'Carregar Mais' })).toBeNull();
    expect(stub.unexpected).toEqual([]);
  });

  it('says when there is nothing yet, and opens the PIX modal with the member prefilled', async () => {
    stubApi({ 'GET /api/user/ledger?limit=10': () => json(200, { entries: [], nextCursor: null }) });
    const user = userEvent.setup();
    renderWithProviders(<BalanceCard user={{ name: 'Maria', email: 'maria@exemplo.com' }} />);
    expect(await screen.findByText('Nenhuma movimentação ainda.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Adicionar Saldo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar Saldo' });
    expect((within(dialog).getByLabelText('Nome completo') as HTMLInputElement).value).toBe('Maria');
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('maria@exemplo.com');
  });

  it('in a club without PIX top-up, says so and links the support instead of the PIX modal', async () => {
    const stub = stubApi(
      { 'GET /api/user/ledger?limit=10': () => json(200, { entries: [], nextCursor: null }) },
      'off',
    );
    renderWithProviders(<BalanceCard user={{ name: 'Maria', email: 'maria@exemplo.com' }} />);
    expect(await screen.findByText(TOP_UP_UNAVAILABLE)).toBeTruthy();
    expect(screen.getByText('R$ 1.236,56', { normalizer: text })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Adicionar Saldo' })).toBeNull();
    const support = screen.getByRole('link', { name: 'Falar com o suporte' });
    expect(support.getAttribute('href')).toBe('/suporte');
    expect(support.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(stub.calls.some((c) => c.path.startsWith('/api/pix/'))).toBe(false);
  });

  it('offers a retry when the ledger cannot be loaded', async () => {
    let fail = true;
    stubApi({
      'GET /api/user/ledger?limit=10': () =>
        fail ? json(503, { message: 'indisponível' }) : json(200, { entries: LAST_PAGE, nextCursor: null }),
    });
    const user = userEvent.setup();
    renderWithProviders(<BalanceCard user={{ name: 'Maria', email: 'maria@exemplo.com' }} />);
    expect(await screen.findByText('Não foi possível carregar o extrato.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Crédito de boas-vindas')).toBeTruthy();
  });
});
