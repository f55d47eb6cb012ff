import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OfferPage } from '../../../../shared/schemas/offers';
import { resetFirstImagesForTests } from '../../../lib/first-images';
import { makeOffer, makePage } from '../../../testing/offers';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import OffersTab from './offers-tab';

beforeEach(() => resetFirstImagesForTests());
afterEach(() => vi.unstubAllGlobals());

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

const NO_BANNER = { 'GET /api/banners/active': () => json(200, { banner: null }) };

function stubApi(routes: Parameters<typeof createFetchStub>[0]) {
  const stub = createFetchStub({ ...NO_BANNER, ...routes });
  vi.stubGlobal('fetch', stub.fetch);
  return stub;
}

function renderTab(url = '/dashboard') {
  return renderWithProviders(
    <>
      <OffersTab />
      <Location />
    </>,
    { url },
  );
}

const location = () => screen.getByTestId('location').textContent;
const offersPage = (items: ReturnType<typeof makeOffer>[], extra?: Partial<OfferPage>) => () =>
  json(200, { ...makePage(items), ...extra });

describe('OffersTab', () => {
  it('paints nothing of the tab until the banner above it is known (no layout shift), then shows every card', async () => {
    let answerBanner: (r: Response) => void = () => {};
    const banner = new Promise<Response>((resolve) => {
      answerBanner = resolve;
    });
    const items = Array.from({ length: 24 }, (_, i) =>
      makeOffer({ id: `o${i}`, productTitle: `Oferta ${i}` }),
    );
    stubApi({
      'GET /api/banners/active': (() => banner) as unknown as () => Response,
      'GET /api/offers?sort=recent&page=1&pageSize=24': offersPage(items, { total: 24 }),
    });
    renderTab();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('status', { name: 'Carregando ofertas' })).toBeTruthy();
    expect(screen.queryByText('Oferta 0')).toBeNull();
    // Neither the filters nor a banner box: whatever painted now would move when the banner landed above it.
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
    expect(screen.queryByRole('searchbox')).toBeNull();
    answerBanner(json(200, { banner: null }));
    expect(await screen.findByText('Oferta 0')).toBeTruthy();
    // No banner: nothing in its place.
    expect(screen.queryByTestId('active-banner')).toBeNull();
    expect(screen.queryByRole('img', { name: 'Banner promocional' })).toBeNull();
    // The first rows paint first; the rest follow in a deferred render.
    expect(await screen.findByText('Oferta 23')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(24);
  });

  it('shows the banner, the count and the cards; the banner link opens in a new tab', async () => {
    stubApi({
      'GET /api/banners/active': () =>
        json(200, {
          banner: {
            id: 'b1',
            imageUrl: '/uploads/banners/0123456789abcdef0123456789abcdef.png',
            link: 'https://promo.exemplo.com',
          },
        }),
      'GET /api/offers?sort=recent&page=1&pageSize=24': offersPage(
        [makeOffer({ id: 'a', productTitle: 'Oferta A' }), makeOffer({ id: 'b', productTitle: 'Oferta B' })],
        { total: 2 },
      ),
    });
    renderTab();
    expect(screen.getByRole('status', { name: 'Carregando ofertas' })).toBeTruthy();
    expect(await screen.findByText('Oferta A')).toBeTruthy();
    expect(screen.getByText('2 ofertas')).toBeTruthy();
    const banner = await screen.findByTestId('active-banner');
    // One card per row (jsdom has no matchMedia: a phone): the first card's image is the largest paint. The banner
    // keeps its box, named like the image, and the second card requests nothing until that image has loaded.
    expect(screen.queryByAltText('Banner promocional')).toBeNull();
    expect(within(banner).getByRole('img', { name: 'Banner promocional' })).toBeTruthy();
    const first = screen.getByAltText('Oferta A');
    expect(first.getAttribute('fetchpriority')).toBe('high');
    expect(screen.queryByAltText('Oferta B')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByAltText('Banner promocional')).toBeNull();
    fireEvent.load(first);
    const bannerImage = await screen.findByAltText('Banner promocional');
    // The box pulses until its image arrives (loading, not an empty frame).
    expect(bannerImage.className).toContain('animate-pulse');
    fireEvent.load(bannerImage);
    expect(bannerImage.className).not.toContain('animate-pulse');
    expect(screen.getByAltText('Oferta B').getAttribute('loading')).toBe('lazy');
    expect(screen.queryByTestId('banner-placeholder')).toBeNull();
    expect(banner.getAttribute('href')).toBe('https://promo.exemplo.com');
    expect(banner.getAttribute('target')).toBe('_blank');
    expect(banner.getAttribute('rel')).toContain('noopener');
    // A stored banner comes with its resized copies: a phone picks a small WebP, not the original.
    expect(screen.getByAltText('Banner promocional').getAttribute('srcset')).toContain(
      '/uploads/banners/0123456789abcdef0123456789abcdef-w640.webp 640w',
    );
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it('reads the filters from the URL and writes every change back to it (page reset)', async () => {
    const stub = stubApi({
      'GET /api/offers?status=validando&sort=roas&page=1&pageSize=24': offersPage([makeOffer()]),
      'GET /api/offers?status=validando&niche=Fitness&sort=roas&page=1&pageSize=24': offersPage([
        makeOffer({ id: 'f', productTitle: 'Treino em Casa' }),
      ]),
      'GET /api/offers?status=validando&niche=Fitness&ticket=acima-500&sort=roas&page=1&pageSize=24':
        offersPage([]),
    });
    renderTab('/dashboard?status=validando&sort=roas&page=1');
    await screen.findByText('Método Emagrecer Já');
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('validando');
    expect((screen.getByRole('combobox', { name: 'Ordenar por' }) as HTMLSelectElement).value).toBe('roas');

    fireEvent.change(screen.getByRole('combobox', { name: 'Nicho' }), { target: { value: 'Fitness' } });
    expect(location()).toBe('/dashboard?status=validando&sort=roas&niche=Fitness');
    expect(await screen.findByText('Treino em Casa')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Ticket' }), { target: { value: 'acima-500' } });
    expect(location()).toBe('/dashboard?status=validando&sort=roas&niche=Fitness&ticket=acima-500');
    expect(await screen.findByText('Nenhuma oferta encontrada')).toBeTruthy();

    // The empty state's 'Limpar filtros' drops the filters and keeps the sort.
    const empty = screen.getByText('Nenhuma oferta encontrada').parentElement as HTMLElement;
    stub.calls.length = 0;
    const cleared = createFetchStub({
      ...NO_BANNER,
      'GET /api/offers?sort=roas&page=1&pageSize=24': offersPage([makeOffer({ productTitle: 'De volta' })]),
    });
    vi.stubGlobal('fetch', cleared.fetch);
    fireEvent.click(within(empty).getByRole('button', { name: 'Limpar filtros' }));
    expect(location()).toBe('/dashboard?sort=roas');
    expect(await screen.findByText('De volta')).toBeTruthy();
    expect([...stub.unexpected, ...cleared.unexpected]).toEqual([]);
  });

  it('ignores unknown values in the URL', async () => {
    const stub = stubApi({ 'GET /api/offers?sort=recent&page=1&pageSize=24': offersPage([makeOffer()]) });
    renderTab('/dashboard?status=hackeado&niche=<b>&sort=drop');
    await screen.findByText('Método Emagrecer Já');
    expect(stub.unexpected).toEqual([]);
  });

  it('searches 300 ms after typing stops and writes the search to the URL', async () => {
    const stub = stubApi({
      'GET /api/offers?sort=recent&page=1&pageSize=24': offersPage([makeOffer()]),
      'GET /api/offers?search=emagrecer&sort=recent&page=1&pageSize=24': offersPage([
        makeOffer({ id: 's', productTitle: 'Resultado da busca' }),
      ]),
    });
    renderTab();
    await screen.findByText('Método Emagrecer Já');
    const input = screen.getByRole('searchbox', { name: 'Buscar ofertas' });
    fireEvent.change(input, { target: { value: 'emag' } });
    fireEvent.change(input, { target: { value: 'emagrecer ' } });
    expect(location()).toBe('/dashboard');
    await waitFor(() => expect(location()).toBe('/dashboard?search=emagrecer'));
    expect(await screen.findByText('Resultado da busca')).toBeTruthy();
    expect(stub.calls.filter((c) => c.path.includes('search=emag&'))).toEqual([]);
    expect(stub.unexpected).toEqual([]);
  });

  it("loads the next page with 'Carregar mais', keeps it in the URL and restores it on reload", async () => {
    const first = Array.from({ length: 24 }, (_, i) =>
      makeOffer({ id: `p1-${i}`, productTitle: `Oferta ${i}` }),
    );
    const routes = {
      'GET /api/offers?sort=recent&page=1&pageSize=24': offersPage(first, { total: 25 }),
      'GET /api/offers?sort=recent&page=2&pageSize=24': offersPage(
        // The first page's last offer moved down a page meanwhile: it must not show twice.
        [
          makeOffer({ id: 'p1-23', productTitle: 'Oferta 23' }),
          makeOffer({ id: 'p2', productTitle: 'Última' }),
        ],
        { total: 25, page: 2 },
      ),
    };
    stubApi(routes);
    const view = renderTab();
    expect(await screen.findByText('25 ofertas')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByText('Última')).toBeTruthy();
    expect(location()).toBe('/dashboard?page=2');
    expect(screen.getAllByText('Oferta 23')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
    view.unmount();

    const reload = stubApi(routes);
    renderTab('/dashboard?page=2');
    expect(await screen.findByText('Última')).toBeTruthy();
    expect(reload.calls.map((c) => c.path).filter((p) => p.startsWith('/api/offers'))).toEqual([
      '/api/offers?sort=recent&page=1&pageSize=24',
      '/api/offers?sort=recent&page=2&pageSize=24',
    ]);
  });

  it('likes and favourites at once on screen and keeps the server counts', async () => {
    let resolveLike: (r: Response) => void = () => {};
    stubApi({
      'GET /api/offers?sort=recent&page=1&pageSize=24': offersPage([makeOffer({ likeCount: 4 })]),
      'POST /api/offers/o1/like': () =>
        new Promise<Response>((r) => (resolveLike = r)) as unknown as Response,
      'POST /api/favorites': () => json(201, { message: 'Adicionado aos favoritos' }),
    });
    renderTab();
    // The name carries the visible count (WCAG 2.5.3).
    fireEvent.click(await screen.findByRole('button', { name: 'Curtir oferta 4' }));
    const liked = await screen.findByRole('button', { name: 'Descurtir oferta 5' });
    expect(liked.getAttribute('aria-pressed')).toBe('true');
    resolveLike(json(200, { liked: true, likeCount: 9 }));
    expect(await screen.findByRole('button', { name: 'Descurtir oferta 9' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Adicionar aos favoritos' }));
    const fav = await screen.findByRole('button', { name: 'Remover dos favoritos' });
    expect(fav.getAttribute('aria-pressed')).toBe('true');
  });

  it('rolls a failed like back', async () => {
    stubApi({
      'GET /api/offers?sort=recent&page=1&pageSize=24': offersPage([makeOffer({ likeCount: 4 })]),
      'POST /api/offers/o1/like': () => json(500, {}),
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Curtir oferta 4' }));
    expect(await screen.findByText('Erro ao curtir a oferta')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Curtir oferta 4' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });
});
