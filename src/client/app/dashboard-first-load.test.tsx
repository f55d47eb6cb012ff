import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_FIRST_DATA } from '../../shared/first-screen';
import { createQueryClient } from '../lib/query-client';
import { makeOffer, makePage } from '../testing/offers';
import { createFetchStub, json } from '../testing/render-with-providers';

const FIRST_PAGE = 'GET /api/offers?sort=recent&page=1&pageSize=24';
const BANNER = 'GET /api/banners/active';
const NO_BANNER = { [BANNER]: () => json(200, { banner: null }) };

beforeEach(() => {
  vi.resetModules(); // the early page is module state: a fresh one per test
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

/** What main.tsx does on a first load at `url`, then the catalogue mounting with the app's query client. */
async function firstLoad(url: string, routes: Parameters<typeof createFetchStub>[0]) {
  const stub = createFetchStub({ ...NO_BANNER, ...routes });
  vi.stubGlobal('fetch', stub.fetch);
  const { startDashboardFirstLoad, seedDashboardFirstLoad } = await import('./dashboard-first-load');
  // Imported after the reset too: the tab's modules (first images, the after-load wait) are this page's.
  const { default: OffersTab } = await import('../features/offers/components/offers-tab');
  startDashboardFirstLoad(new URL(url, 'http://localhost') as unknown as Location);
  const queryClient = createQueryClient();
  seedDashboardFirstLoad(queryClient);
  const earlyCalls = stub.calls.map((c) => `${c.method} ${c.path}`);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <OffersTab />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { stub, earlyCalls };
}

const offersCalls = (stub: ReturnType<typeof createFetchStub>) =>
  stub.calls.filter((c) => c.path.startsWith('/api/offers')).length;

describe('dashboard first load (issue #13)', () => {
  it('asks for the first catalogue page before any screen renders, and the catalogue reuses it', async () => {
    const { stub, earlyCalls } = await firstLoad('/dashboard', {
      [FIRST_PAGE]: () =>
        json(200, { ...makePage([makeOffer({ id: 'a', productTitle: 'Oferta A' })]), total: 1 }),
    });
    // The banner above the cards is asked for with them (no layout shift when it lands), once.
    expect(earlyCalls).toEqual([FIRST_PAGE, BANNER]);
    // Exactly the URLs the server's HTML preloads for a signed-in member: a preload is reused only on a match.
    expect(earlyCalls).toEqual(DASHBOARD_FIRST_DATA.map((path) => `GET ${path}`));
    expect(await screen.findByText('Oferta A')).toBeTruthy();
    expect(offersCalls(stub)).toBe(1);
    expect(stub.calls.filter((c) => c.path === '/api/banners/active')).toHaveLength(1);
    expect(stub.unexpected).toEqual([]);
  });

  it('stands aside when the dashboard opens on another tab or the URL carries filters', async () => {
    // The catalogue rendered below asks for its own page once mounted: an empty one.
    const empty = () => json(200, makePage([]));
    localStorage.setItem('dashboard:activeTab', 'favoritos');
    let { earlyCalls } = await firstLoad('/dashboard', { [FIRST_PAGE]: empty });
    expect(earlyCalls).toEqual([]);

    vi.resetModules();
    localStorage.clear();
    ({ earlyCalls } = await firstLoad('/dashboard?niche=Hot', {
      'GET /api/offers?niche=Hot&sort=recent&page=1&pageSize=24': empty,
    }));
    expect(earlyCalls).toEqual([]);

    // ?tab= wins over the stored tab, both ways.
    vi.resetModules();
    ({ earlyCalls } = await firstLoad('/dashboard?tab=comunidade', { [FIRST_PAGE]: empty }));
    expect(earlyCalls).toEqual([]);
  });

  it('a link to ?tab=ofertas-escaladas gets the head start even when another tab is stored', async () => {
    localStorage.setItem('dashboard:activeTab', 'ranking');
    const { stub, earlyCalls } = await firstLoad('/dashboard?tab=ofertas-escaladas', {
      [FIRST_PAGE]: () =>
        json(200, { ...makePage([makeOffer({ id: 'c', productTitle: 'Oferta C' })]), total: 1 }),
    });
    expect(earlyCalls).toEqual([FIRST_PAGE, BANNER]);
    expect(await screen.findByText('Oferta C')).toBeTruthy();
    expect(offersCalls(stub)).toBe(1);
  });

  it('a failed early request (401) is the catalogue error, and Tentar novamente asks again', async () => {
    let answer = 401;
    const { stub } = await firstLoad('/', {
      [FIRST_PAGE]: () =>
        answer === 401
          ? json(401, { message: 'Não autenticado' })
          : json(200, { ...makePage([makeOffer({ id: 'b', productTitle: 'Oferta B' })]), total: 1 }),
    });
    answer = 200;
    // The catalogue mounted while the early request was pending: it shares its outcome, the error...
    expect(await screen.findByText(/Não foi possível carregar as ofertas/)).toBeTruthy();
    screen.getByRole('button', { name: 'Tentar novamente' }).click();
    // ...and the retry is a real second request.
    expect(await screen.findByText('Oferta B')).toBeTruthy();
    expect(offersCalls(stub)).toBe(2);
  });

  it("holds the closed widgets' code and the toaster until the first card's image is on screen", async () => {
    await firstLoad('/dashboard', {
      [FIRST_PAGE]: () =>
        json(200, {
          ...makePage([makeOffer({ id: 'd', productTitle: 'Oferta D', creative: '/img/d.png' })]),
          total: 1,
        }),
    });
    const { whenIdleAfterLoad } = await import('../lib/idle-after-load');
    let idle = false;
    void whenIdleAfterLoad().then(() => {
      idle = true;
    });
    const image = await screen.findByAltText('Oferta D');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(idle).toBe(false); // the load event has long fired in jsdom: the hold is what waits
    fireEvent.load(image);
    await vi.waitFor(() => expect(idle).toBe(true));
  });

  it('releases the hold at once when the early page fails (401: there will be no cards to wait for)', async () => {
    await firstLoad('/dashboard', { [FIRST_PAGE]: () => json(401, { message: 'Não autenticado' }) });
    const { whenIdleAfterLoad } = await import('../lib/idle-after-load');
    let idle = false;
    void whenIdleAfterLoad().then(() => {
      idle = true;
    });
    await vi.waitFor(() => expect(idle).toBe(true), { timeout: 1000 });
  });
});
