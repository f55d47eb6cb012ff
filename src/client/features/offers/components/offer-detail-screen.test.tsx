import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, saoPauloDay } from '../../../../shared/sao-paulo-day';
import type { AdHistory } from '../../../../shared/schemas/offers';
import { formatDay } from '../../../lib/format';
import { makeUser } from '../../../testing/current-user';
import { makeDetail } from '../../../testing/offers';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import { FUNNEL_MAP_POLL_MS, FUNNEL_MAP_WAIT_MS } from '../api/use-funnel-map';
import { OfferDetailScreen } from './offer-detail-screen';

afterEach(() => vi.unstubAllGlobals());

/** Days before today in São Paulo (the chart's window ends today). */
const ago = (n: number) => addDays(saoPauloDay(), -n);
const HISTORY: AdHistory = {
  points: [
    { date: ago(29), ads: 120 },
    { date: ago(6), ads: 150 },
    { date: ago(0), ads: 180 },
  ],
  before: null,
  momentum: 'escalando',
  growth7d: { ads: 30, percent: 20 },
  firstSeen: '2025-03-05',
  lastSeen: ago(0),
};

/** The offer's routes; its ad history (the chart under the facts) answers HISTORY unless a test says otherwise. */
function stubApi(routes: Parameters<typeof createFetchStub>[0]) {
  const stub = createFetchStub({
    'GET /api/offers/o1/ad-history?days=30': () => json(200, HISTORY),
    'GET /api/auth/user': () => json(200, makeUser(false)),
    'GET /api/offers/o1/funnel-map': () =>
      json(404, { message: 'Ninguém mapeou o funil desta oferta ainda.' }),
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetch);
  return stub;
}

const renderDetail = (id = 'o1') =>
  renderWithProviders(<OfferDetailScreen id={id} />, {
    url: `/detalhes-oferta/${id}`,
    path: '/detalhes-oferta/:id',
  });

describe('OfferDetailScreen', () => {
  it("shows 'OFERTA_NÃO_ENCONTRADA' with a way back to the dashboard for a 404", async () => {
    stubApi({ 'GET /api/offers/sumiu': () => json(404, { message: 'Oferta não encontrada' }) });
    renderDetail('sumiu');
    expect(await screen.findByRole('heading', { name: 'OFERTA_NÃO_ENCONTRADA' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: /Voltar/ }));
    expect(await screen.findByText('Página /dashboard')).toBeTruthy();
  });

  it('shows the offer, its publisher and only the links it has, with copy and open', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    stubApi({
      'GET /api/offers/o1': () =>
        json(
          200,
          makeDetail({
            ads: 250,
            roas: 4,
            ticket: 197,
            links: {
              criativo: 'https://fb.com/ads/1',
              biblioteca: null,
              site: 'https://site.com',
              anunciante: null,
            },
          }),
        ),
    });
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Método Emagrecer Já' })).toBeTruthy();
    expect(screen.getByText('Maria Souza')).toBeTruthy();
    expect(screen.getByText('ID 123456')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'maria.ads' }).getAttribute('href')).toBe(
      'https://instagram.com/maria.ads',
    );
    expect(screen.getByText('4,0x')).toBeTruthy();
    expect(screen.getByTestId('ads-badge').getAttribute('data-tier')).toBe('3');
    expect(screen.getByText('Texto do anúncio', { selector: 'p' })).toBeTruthy();

    expect(screen.queryByRole('button', { name: 'Copiar link Biblioteca' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copiar link Anunciante' })).toBeNull();
    const open = screen.getByRole('link', { name: 'Abrir link Site' });
    expect(open.getAttribute('href')).toBe('https://site.com');
    expect(open.getAttribute('target')).toBe('_blank');
    fireEvent.click(screen.getByRole('button', { name: 'Copiar link Criativo' }));
    expect(await screen.findByText('Link copiado!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('https://fb.com/ads/1');
  });

  it('votes in the Report Status modal: counts, own vote, posts the chosen status and shows the new counts', async () => {
    const stub = stubApi({
      'GET /api/offers/o1': () =>
        json(200, makeDetail({ statusReports: { ativo: 5, inativo: 2 }, myReport: 'ativo' })),
      'POST /api/offers/o1/report-status': () =>
        json(200, {
          message: 'Seu voto foi enviado aos administradores com sucesso.',
          counts: { ativo: 4, inativo: 3 },
        }),
    });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Report Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Status' });
    const ativo = within(dialog).getByRole('radio', { name: /Ativo/ }) as HTMLInputElement;
    const inativo = within(dialog).getByRole('radio', { name: /Inativo/ }) as HTMLInputElement;
    expect(ativo.checked).toBe(true);
    expect(within(dialog).getByTestId('count-ativo').textContent).toBe('5 votos');
    expect(within(dialog).getByTestId('count-inativo').textContent).toBe('2 votos');
    expect(within(ativo.closest('label') as HTMLElement).getByText('Seu voto')).toBeTruthy();

    fireEvent.click(inativo);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar voto' }));
    expect(await screen.findByText('Status reportado')).toBeTruthy();
    expect(screen.getByText('Seu voto foi enviado aos administradores com sucesso.')).toBeTruthy();
    expect(stub.calls.find((c) => c.method === 'POST')?.body).toEqual({ reportedStatus: 'inativo' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Report Status' }));
    const again = await screen.findByRole('dialog', { name: 'Report Status' });
    expect((within(again).getByRole('radio', { name: /Inativo/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(again).getByTestId('count-inativo').textContent).toBe('3 votos');
    expect(stub.unexpected).toEqual([]);
  });

  it('tells the member when the vote fails', async () => {
    stubApi({
      'GET /api/offers/o1': () => json(200, makeDetail()),
      'POST /api/offers/o1/report-status': () => json(500, { message: 'Erro interno' }),
    });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Report Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Status' });
    const send = within(dialog).getByRole('button', { name: 'Enviar voto' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true); // nothing chosen yet
    fireEvent.click(within(dialog).getByRole('radio', { name: /Ativo/ }));
    fireEvent.click(send);
    expect(await screen.findByText('Não foi possível enviar seu voto. Tente novamente.')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('charts the ad count over 30 or 90 days, with the same numbers as a table for screen readers', async () => {
    const stub = stubApi({
      'GET /api/offers/o1': () => json(200, makeDetail()),
      'GET /api/offers/o1/ad-history?days=90': () =>
        json(200, { ...HISTORY, points: [{ date: ago(86), ads: 40 }, ...HISTORY.points] }),
    });
    renderDetail();
    const chart = await screen.findByRole('region', { name: 'Anúncios ativos ao longo do tempo' });
    expect(
      await within(chart).findByText(
        `De 120 para 180 anúncios entre ${formatDay(ago(29))} e ${formatDay(ago(0))}.`,
      ),
    ).toBeTruthy();
    expect(within(chart).getByText(/Vista pela primeira vez em 05\/03\/2025/)).toBeTruthy();
    const table = within(chart).getByRole('table', { name: 'Contagens de anúncios, últimos 30 dias' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('cell', { name: formatDay(ago(6)) })).toBeTruthy();
    fireEvent.click(within(chart).getByRole('button', { name: '90 dias' }));
    expect(
      await within(chart).findByText(
        `De 40 para 180 anúncios entre ${formatDay(ago(86))} e ${formatDay(ago(0))}.`,
      ),
    ).toBeTruthy();
    expect(within(chart).getByRole('button', { name: '90 dias' }).getAttribute('aria-pressed')).toBe('true');
    expect(stub.unexpected).toEqual([]);
  });
});

describe('the chart window ends today in São Paulo', () => {
  const today = saoPauloDay();
  const daysAgo = (n: number) => addDays(today, -n);
  const chartWith = async (history: Partial<AdHistory>) => {
    stubApi({
      'GET /api/offers/o1': () => json(200, makeDetail()),
      'GET /api/offers/o1/ad-history?days=30': () => json(200, { ...HISTORY, ...history }),
    });
    renderDetail();
    return screen.findByRole('region', { name: 'Anúncios ativos ao longo do tempo' });
  };
  const lineOf = (chart: HTMLElement) => chart.querySelector('path.stroke-primary')?.getAttribute('d');

  it('a last count 10 days old holds to today, from the count before the window', async () => {
    const chart = await chartWith({
      points: [{ date: daysAgo(10), ads: 50 }],
      before: { date: daysAgo(45), ads: 40 },
      lastSeen: daysAgo(10),
    });
    await within(chart).findByText(
      `De 40 para 50 anúncios entre ${formatDay(daysAgo(45))} e ${formatDay(daysAgo(10))}.`,
    );
    // From the window's first day (today − 29) at 40, up to 50 on day 19 of 29, flat to today.
    expect(lineOf(chart)).toBe('M0.0,38.4H393.1V8.0H600.0');
    expect(within(chart).getByText(formatDay(today))).toBeTruthy();
    expect(within(chart).getByText(formatDay(daysAgo(29)))).toBeTruthy();
  });

  it('a last count 40 days old is a flat line, not "no count"', async () => {
    const chart = await chartWith({
      points: [],
      before: { date: daysAgo(40), ads: 75 },
      lastSeen: daysAgo(40),
    });
    await within(chart).findByText(
      `75 anúncios desde ${formatDay(daysAgo(40))}: nenhuma contagem nova nos últimos 30 dias.`,
    );
    expect(within(chart).queryByText(/Nenhuma contagem de anúncios/)).toBeNull();
    expect(lineOf(chart)).toBe('M0.0,8.0H600.0');
    const table = within(chart).getByRole('table', { name: 'Contagens de anúncios, últimos 30 dias' });
    expect(
      within(table).getByRole('cell', { name: `${formatDay(daysAgo(40))} (antes do período)` }),
    ).toBeTruthy();
  });

  it('says so when the offer has no count at all', async () => {
    const chart = await chartWith({ points: [], before: null });
    expect(await within(chart).findByText('Nenhuma contagem de anúncios nos últimos 30 dias.')).toBeTruthy();
  });
});

describe('the offer funnel on the detail', () => {
  const withSite = () =>
    makeDetail({ links: { criativo: null, biblioteca: null, site: 'https://site.com', anunciante: null } });
  const MAP = {
    mappedAt: '2025-03-14T15:30:00.000Z',
    mappedBy: 'Maria Souza',
    domain: 'site.com',
    screenshotsPending: false,
    funnel: [
      {
        step: 'Página de vendas / VSL',
        url: 'https://site.com/',
        finalUrl: 'https://site.com/',
        status: 200,
        title: 'Assista ao vídeo',
        tools: [{ kind: 'player', name: 'ConverteAI / Vturb' }],
      },
      {
        step: 'Checkout',
        url: 'https://pay.hotmart.com/X12345678Y',
        finalUrl: 'https://pay.hotmart.com/X12345678Y',
        status: 0,
        title: 'Quero garantir minha vaga',
        tools: [{ kind: 'checkout', name: 'Hotmart' }],
        checkout: { platform: 'Hotmart', productCode: 'X12345678Y', price: 197 },
      },
    ],
  };

  it("maps a funnel nobody mapped: 'Mapear funil' posts, the map replaces the empty state", async () => {
    const stub = stubApi({
      'GET /api/offers/o1': () => json(200, withSite()),
      'POST /api/offers/o1/funnel-map': () => json(200, MAP),
      'GET /api/user/balance': () => json(200, { balance: 2, pixTopUp: 'sandbox' }),
    });
    renderDetail();
    expect(await screen.findByText(/Ninguém mapeou o funil desta oferta ainda/)).toBeTruthy();
    expect(screen.getByText(/Custa R\$ 1,00, uma vez/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mapear funil' }));
    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Página de vendas / VSL' })).toBeTruthy();
    expect(screen.getByText('Maria Souza', { selector: 'span' })).toBeTruthy();
    expect(stub.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(stub.unexpected).toEqual([]);
  });

  it('shows the map every member reads; mapped today, the button waits for tomorrow', async () => {
    stubApi({
      'GET /api/offers/o1': () => json(200, withSite()),
      'GET /api/offers/o1/funnel-map': () => json(200, { ...MAP, mappedAt: new Date().toISOString() }),
    });
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeTruthy();
    expect(screen.getAllByText(/R\$ 197,00/).length).toBeGreaterThan(0);
    expect((screen.getByRole('button', { name: 'Mapear de novo' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Mapeado hoje: um novo mapa pode ser feito amanhã.')).toBeTruthy();
  });

  it("after a 202 waits for the other member's map, and past FUNNEL_MAP_WAIT_MS stops waiting and says so", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const stub = stubApi({
        'GET /api/offers/o1': () => json(200, withSite()),
        'POST /api/offers/o1/funnel-map': () =>
          json(202, {
            message:
              'O funil desta oferta está sendo mapeado agora por outro membro. O mapa aparece aqui em instantes, sem custo.',
          }),
        'GET /api/user/balance': () => json(200, { balance: 2, pixTopUp: 'sandbox' }),
      });
      renderDetail();
      fireEvent.click(await screen.findByRole('button', { name: 'Mapear funil' }));
      const button = await screen.findByRole('button', { name: 'Mapeando funil…' });
      expect((button as HTMLButtonElement).disabled).toBe(true);
      // The other map never comes (it failed): the map is read again while waiting, then the wait ends.
      const reads = () =>
        stub.calls.filter((c) => c.path === '/api/offers/o1/funnel-map' && c.method === 'GET');
      const before = reads().length;
      await vi.advanceTimersByTimeAsync(FUNNEL_MAP_WAIT_MS - FUNNEL_MAP_POLL_MS);
      expect(reads().length).toBeGreaterThan(before);
      expect(screen.getByRole('button', { name: 'Mapeando funil…' })).toBeTruthy();
      await vi.advanceTimersByTimeAsync(FUNNEL_MAP_POLL_MS + 100);
      const back = await screen.findByRole('button', { name: 'Mapear funil' });
      expect((back as HTMLButtonElement).disabled).toBe(false);
      expect(
        screen.getByText(
          'O mapa do outro membro não chegou em 3 minutos. Você pode mapear de novo (R$ 1,00).',
        ),
      ).toBeTruthy();
      // No more reading once it gave up.
      const after = reads().length;
      await vi.advanceTimersByTimeAsync(4 * FUNNEL_MAP_POLL_MS);
      expect(reads().length).toBe(after);
      expect(stub.unexpected).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers no mapping for an offer without a site link', async () => {
    stubApi({
      'GET /api/offers/o1': () =>
        json(200, makeDetail({ links: { criativo: null, biblioteca: null, site: null, anunciante: null } })),
    });
    renderDetail();
    expect(await screen.findByText('Esta oferta não tem link do site para mapear o funil.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mapear funil' })).toBeNull();
  });
});
