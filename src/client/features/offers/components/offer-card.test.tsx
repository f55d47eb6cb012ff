import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeOffer } from '../../../testing/offers';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import { ADS_TIER_STYLES } from '../ads-tier';
import { OfferCard } from './offer-card';

afterEach(() => vi.unstubAllGlobals());

/** Intl puts a no-break space after 'R$'. */
const text = (el: Element | null) => el?.textContent?.replace(/\u00a0/g, ' ');

function stubApi(routes: Parameters<typeof createFetchStub>[0] = {}) {
  const stub = createFetchStub(routes);
  vi.stubGlobal('fetch', stub.fetch);
  return stub;
}

describe('OfferCard', () => {
  it.each([
    [49, 0],
    [50, 1],
    [99, 1],
    [100, 2],
    [199, 2],
    [200, 3],
    [1500, 3],
  ])('colours %i ads with tier %i', (ads, tier) => {
    stubApi();
    renderWithProviders(<OfferCard offer={makeOffer({ ads })} />);
    const badge = screen.getByTestId('ads-badge');
    expect(badge.getAttribute('data-tier')).toBe(String(tier));
    for (const cls of ADS_TIER_STYLES[tier].className.split(' ')) expect(badge.className).toContain(cls);
    for (const [other, style] of ADS_TIER_STYLES.entries()) {
      if (other !== tier) expect(badge.className).not.toContain(style.className.split(' ')[0]);
    }
  });

  it("shows ROAS with a pt-BR comma and 'x', the ticket with its cents, the date in pt-BR and the status", () => {
    stubApi();
    renderWithProviders(
      <OfferCard offer={makeOffer({ roas: 3.2, ticket: 97.4, ads: 1234, lastSeen: '2025-11-26' })} />,
    );
    expect(screen.getByText('3,2x')).toBeTruthy();
    expect(text(screen.getByText(/^R\$/))).toBe('R$ 97,40');
    // First seen and last seen, as São Paulo days (no time-zone shift).
    expect(screen.getByText('05/03/2025').getAttribute('datetime')).toBe('2025-03-05');
    expect(screen.getByText('26/11/2025').getAttribute('datetime')).toBe('2025-11-26');
    expect(screen.getByText('Escalando')).toBeTruthy();
    expect(within(screen.getByTestId('ads-badge')).getByText('1.234')).toBeTruthy();
  });

  it('never rounds a price: R$ 1.234,56 keeps its cents, a whole R$ 97 drops only the ,00', () => {
    stubApi();
    const { unmount } = renderWithProviders(<OfferCard offer={makeOffer({ ticket: 1234.56 })} />);
    expect(text(screen.getByText(/^R\$/))).toBe('R$ 1.234,56');
    unmount();
    renderWithProviders(<OfferCard offer={makeOffer({ ticket: 97 })} />);
    expect(text(screen.getByText(/^R\$/))).toBe('R$ 97');
  });

  it("shows 'Imagem não disponível' when the creative fails to load, and a play icon on videos", () => {
    stubApi();
    const { unmount } = renderWithProviders(<OfferCard offer={makeOffer()} />);
    expect(screen.queryByText('Imagem não disponível')).toBeNull();
    const img = screen.getByRole('img', { name: 'Método Emagrecer Já' });
    expect(img.getAttribute('loading')).toBe('lazy');
    fireEvent.error(img);
    expect(screen.getByText('Imagem não disponível')).toBeTruthy();
    unmount();

    renderWithProviders(<OfferCard offer={makeOffer({ creativeType: 'video', creative: '/v.mp4' })} />);
    expect(screen.getByTestId('video-indicator')).toBeTruthy();
    expect(document.querySelector('video')?.getAttribute('preload')).toBe('metadata');
  });

  it('opens the detail on click and in a new tab on right-click', async () => {
    stubApi();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderWithProviders(<OfferCard offer={makeOffer({ id: 'abc' })} />);
    const card = screen.getByRole('article');
    const menu = fireEvent.contextMenu(card);
    expect(menu).toBe(false); // default browser menu prevented
    expect(open).toHaveBeenCalledWith('/detalhes-oferta/abc', '_blank', 'noopener');
    expect(screen.queryByText('Página /detalhes-oferta/abc')).toBeNull();
    fireEvent.click(card);
    expect(await screen.findByText('Página /detalhes-oferta/abc')).toBeTruthy();
    open.mockRestore();
  });

  it("shows 'Já está nos favoritos' when the server answers 409 with 23505", async () => {
    const stub = stubApi({
      'POST /api/favorites': () => json(409, { message: 'Já está nos favoritos', code: '23505' }),
    });
    renderWithProviders(<OfferCard offer={makeOffer({ id: 'o9' })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar aos favoritos' }));
    expect(await screen.findByText('Já está nos favoritos')).toBeTruthy();
    expect(stub.calls.find((c) => c.path === '/api/favorites')?.body).toEqual({ offerId: 'o9' });
    expect(screen.queryByText('Página /detalhes-oferta/o9')).toBeNull(); // the button does not open the offer
    expect(stub.unexpected).toEqual([]);
  });

  it('shows the favourite failure message on any other error', async () => {
    stubApi({ 'POST /api/favorites': () => json(500, { message: 'Erro interno' }) });
    renderWithProviders(<OfferCard offer={makeOffer()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar aos favoritos' }));
    expect(await screen.findByText('Não foi possível alterar o favorito. Tente novamente.')).toBeTruthy();
  });

  it('reports a failed like with the server message', async () => {
    stubApi({ 'POST /api/offers/o1/like': () => json(404, { message: 'Oferta não encontrada' }) });
    renderWithProviders(<OfferCard offer={makeOffer()} />);
    fireEvent.click(screen.getByRole('button', { name: /^Curtir oferta \d/ }));
    expect(await screen.findByText('Erro')).toBeTruthy();
    expect(screen.getByText('Oferta não encontrada')).toBeTruthy();
  });

  it('shows the momentum of the last 7 days with its change, signed', () => {
    stubApi();
    const { unmount } = renderWithProviders(
      <OfferCard offer={makeOffer({ momentum: 'escalando', growth7d: { ads: 54, percent: 45.4 } })} />,
    );
    expect(text(screen.getByText(/^Tendência:/).parentElement!)).toBe('↗Tendência: Escalando+45% em 7 dias');
    unmount();
    renderWithProviders(<OfferCard offer={makeOffer({ momentum: 'novo', growth7d: null })} />);
    expect(text(screen.getByText(/^Tendência:/).parentElement!)).toBe('✦Tendência: Novo');
  });

  it('says so when most recent voters call the offer inactive', () => {
    stubApi();
    const { unmount } = renderWithProviders(<OfferCard offer={makeOffer()} />);
    expect(screen.queryByText('Membros dizem: inativa')).toBeNull();
    unmount();
    renderWithProviders(<OfferCard offer={makeOffer({ membersSayInactive: true })} />);
    expect(screen.getByText('Membros dizem: inativa')).toBeTruthy();
  });
});
