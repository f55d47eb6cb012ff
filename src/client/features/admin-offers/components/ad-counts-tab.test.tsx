import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdHistory } from '../../../../shared/schemas/offers';
import { makeAdminOffer } from '../../../testing/offers';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import AdCountsTab, { changeText, readCount } from './ad-counts-tab';

afterEach(() => vi.unstubAllGlobals());

const history = (ads: number): AdHistory => ({
  points: [{ date: '2025-11-26', ads }],
  momentum: 'estavel',
  growth7d: { ads: 0, percent: 0 },
  firstSeen: '2025-03-05',
  lastSeen: '2025-11-26',
});

function stubApi() {
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
});
