import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, saoPauloDay } from '../../../../shared/sao-paulo-day';
import type { AdHistory } from '../../../../shared/schemas/offers';
import { makeAdminOffer } from '../../../testing/offers';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import AdCountsTab, { changeText, readCount } from './ad-counts-tab';

afterEach(() => vi.unstubAllGlobals());

const history = (ads: number): AdHistory => ({
  points: [{ date: '2025-11-26', ads }],
  before: null,
  momentum: 'estavel',
  growth7d: { ads: 0, percent: 0 },
  firstSeen: '2025-03-05',
  lastSeen: '2025-11-26',
});

function stubApi(routes: Record<string, (body: unknown) => Response> = {}) {
  const stub = createFetchStub({
    'GET /api/admin/offers?sort=default&page=1&pageSize=100': () =>
      json(200, {
        items: [
          makeAdminOffer({ id: 'o1', productTitle: 'Oferta Um', ads: 150, lastSeen: '2025-11-20' }),
          makeAdminOffer({ id: 'o2', productTitle: 'Oferta Oculta', visible: false }),
          makeAdminOffer({ id: 'o3', productTitle: 'Oferta Três', ads: 40 }),
        ],
        total: 3,
        page: 1,
        pageSize: 100,
      }),
    'POST /api/admin/offers/o1/ad-counts': (body) => json(200, history((body as { ads: number }).ads)),
    'POST /api/admin/offers/o3/ad-counts': (body) => json(200, history((body as { ads: number }).ads)),
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetch);
  return stub;
}

describe('the daily ad-count screen', () => {
  it('reads counts the Brazilian way and shows the change as it is typed', () => {
    expect(readCount('1.234')).toEqual({ value: 1234 });
    expect(readCount('')).toBeNull();
    expect(readCount('12,5')).toHaveProperty('error');
    expect(readCount('-3')).toHaveProperty('error');
    expect(changeText(12)).toBe('+12');
    expect(changeText(-1500)).toBe('−1.500');
    expect(changeText(0)).toBe('=');
  });

  it('lists the visible offers; Enter saves and moves to the next one, leaving the field saves too', async () => {
    const stub = stubApi();
    renderWithProviders(<AdCountsTab />);
    const first = await screen.findByLabelText('Oferta Um');
    expect(screen.queryByLabelText('Oferta Oculta')).toBeNull();
    const row = first.closest('tr')!;
    fireEvent.change(first, { target: { value: '1.234' } });
    expect(within(row).getByText('+1.084')).toBeTruthy();
    first.focus();
    fireEvent.keyDown(first, { key: 'Enter' });
    expect(document.activeElement).toBe(screen.getByLabelText('Oferta Três'));
    expect(await within(row).findByText('Salvo')).toBeTruthy();
    expect(stub.calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/admin/offers/o1/ad-counts', body: { ads: 1234 } },
    ]);

    const third = screen.getByLabelText('Oferta Três');
    fireEvent.change(third, { target: { value: '35' } });
    expect(within(third.closest('tr')!).getByText('−5')).toBeTruthy();
    fireEvent.blur(third);
    await waitFor(() => expect(stub.calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(stub.unexpected).toEqual([]);
  });

  it('refuses a count that is not a whole number, beside the field, and sends nothing', async () => {
    const stub = stubApi();
    renderWithProviders(<AdCountsTab />);
    const field = await screen.findByLabelText('Oferta Um');
    fireEvent.change(field, { target: { value: '12,5' } });
    fireEvent.blur(field);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(within(field.closest('tr')!).getByText(/inválido|inteiro/)).toBeTruthy();
    expect(stub.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('reads "1.234" as 1234, shows it formatted when left, and refreshes the charts after a save', async () => {
    const stub = stubApi();
    const { queryClient } = renderWithProviders(<AdCountsTab />);
    const chart = ['ad-history', 'o1', 30];
    queryClient.setQueryData(chart, history(150));
    const field = (await screen.findByLabelText('Oferta Um')) as HTMLInputElement;
    fireEvent.change(field, { target: { value: '1234' } });
    fireEvent.blur(field);
    expect(field.value).toBe('1.234');
    await waitFor(() => expect(queryClient.getQueryState(chart)?.isInvalidated).toBe(true));
    expect(stub.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ ads: 1234 }]);
  });

  it('Enter on unreadable text keeps the focus on the field with its message and sends nothing', async () => {
    const stub = stubApi();
    renderWithProviders(<AdCountsTab />);
    const field = await screen.findByLabelText('Oferta Um');
    field.focus();
    fireEvent.change(field, { target: { value: '12,5' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(within(field.closest('tr')!).getByRole('alert').textContent).toMatch(/inteiro|inválido/);
    expect(stub.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});

describe('Contagem retroativa', () => {
  const yesterday = addDays(saoPauloDay(), -1);
  const open = async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Contagem retroativa de Oferta Um' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contagem retroativa' });
    return {
      dialog,
      date: within(dialog).getByLabelText('Data') as HTMLInputElement,
      ads: within(dialog).getByLabelText('Anúncios ativos') as HTMLInputElement,
      submit: () => fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar contagem' })),
    };
  };

  it('sends a dated count and shows it as the last count when it is the latest day', async () => {
    const stub = stubApi({
      'POST /api/admin/offers/o1/ad-counts': () =>
        json(200, {
          ...history(0),
          points: [{ date: '2025-11-21', ads: 180 }],
          lastSeen: '2025-11-21',
        }),
    });
    renderWithProviders(<AdCountsTab />);
    const form = await open();
    expect(form.date.value).toBe(yesterday);
    expect(form.date.max).toBe(saoPauloDay());
    fireEvent.change(form.date, { target: { value: '2025-11-21' } });
    fireEvent.change(form.ads, { target: { value: '1.180' } });
    form.submit();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stub.calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/admin/offers/o1/ad-counts', body: { ads: 1180, date: '2025-11-21' } },
    ]);
    const row = screen.getByLabelText('Oferta Um').closest('tr')!;
    expect(within(row).getAllByText('180').length).toBeGreaterThan(0);
  });

  it('refuses a future day, a blank date and a blank count beside their fields, sending nothing', async () => {
    const stub = stubApi();
    renderWithProviders(<AdCountsTab />);
    const form = await open();
    fireEvent.change(form.date, { target: { value: addDays(saoPauloDay(), 1) } });
    form.submit();
    expect(await within(form.dialog).findByText('A data não pode estar no futuro.')).toBeTruthy();
    expect(form.date.getAttribute('aria-invalid')).toBe('true');
    expect(within(form.dialog).getByText('Informe quantos anúncios a oferta tinha nesse dia.')).toBeTruthy();
    expect(form.ads.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(form.date, { target: { value: '' } });
    form.submit();
    expect(await within(form.dialog).findByText('Informe a data da contagem.')).toBeTruthy();
    expect(form.date.getAttribute('aria-describedby')).toBe(within(form.dialog).getAllByRole('alert')[0]!.id);
    expect(stub.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("refuses unreadable or decimal counts beside the field with the route's message, sending nothing", async () => {
    const stub = stubApi();
    renderWithProviders(<AdCountsTab />);
    const form = await open();
    fireEvent.change(form.ads, { target: { value: '12,5' } });
    form.submit();
    expect(await within(form.dialog).findByText('Anúncios deve ser um número inteiro')).toBeTruthy();
    expect(form.ads.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(form.ads, { target: { value: 'doze' } });
    form.submit();
    expect(await within(form.dialog).findByText(/^Anúncios deve ser um número positivo\. /)).toBeTruthy();
    expect(stub.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("shows the server's 400 beside the field it is about and stays open", async () => {
    stubApi({
      'POST /api/admin/offers/o1/ad-counts': () => json(400, { message: 'Data inválida: use AAAA-MM-DD.' }),
    });
    renderWithProviders(<AdCountsTab />);
    const form = await open();
    fireEvent.change(form.ads, { target: { value: '12' } });
    form.submit();
    expect(await within(form.dialog).findByText('Data inválida: use AAAA-MM-DD.')).toBeTruthy();
    expect(form.date.getAttribute('aria-invalid')).toBe('true');
    expect(form.ads.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Contagem retroativa' })).toBeTruthy();
  });

  it("shows a 400 that is not about the day beside the count, and any other error in the dialog's alert", async () => {
    let status = 400;
    stubApi({
      'POST /api/admin/offers/o1/ad-counts': () =>
        status === 400
          ? json(400, { message: 'Anúncios deve ser um número positivo' })
          : json(500, { message: 'Erro interno do servidor' }),
    });
    renderWithProviders(<AdCountsTab />);
    const form = await open();
    fireEvent.change(form.ads, { target: { value: '12' } });
    form.submit();
    expect(await within(form.dialog).findByText('Anúncios deve ser um número positivo')).toBeTruthy();
    expect(form.ads.getAttribute('aria-invalid')).toBe('true');
    expect(form.date.getAttribute('aria-invalid')).toBeNull();
    status = 500;
    form.submit();
    expect(await within(form.dialog).findByText('Erro interno do servidor')).toBeTruthy();
    expect(form.ads.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Contagem retroativa' })).toBeTruthy();
  });
});
