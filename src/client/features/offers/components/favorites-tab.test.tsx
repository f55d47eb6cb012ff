import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeOffer, makePage } from '../../../testing/offers';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import FavoritesTab from './favorites-tab';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const FAVORITES = 'GET /api/offers?favorites=1&page=1&pageSize=24';

describe('FavoritesTab', () => {
  it("shows the empty state; 'Explorar Ofertas' opens the catalogue tab", async () => {
    const stub = createFetchStub({ [FAVORITES]: () => json(200, makePage([])) });
    vi.stubGlobal('fetch', stub.fetch);
    const requested: unknown[] = [];
    const onSelect = (event: Event) => requested.push((event as CustomEvent).detail);
    window.addEventListener('dashboard:select-tab', onSelect);
    localStorage.setItem('dashboard:activeTab', 'favoritos');
    renderWithProviders(<FavoritesTab />, { url: '/dashboard' });
    fireEvent.click(await screen.findByRole('button', { name: 'Explorar Ofertas' }));
    window.removeEventListener('dashboard:select-tab', onSelect);
    expect(localStorage.getItem('dashboard:activeTab')).toBe('ofertas-escaladas');
    expect(requested).toEqual(['ofertas-escaladas']);
  });

  it('lists the favourites and drops one after it is removed', async () => {
    let favorites = [makeOffer({ id: 'a', productTitle: 'Favorita A', favoritedByMe: true })];
    const stub = createFetchStub({
      [FAVORITES]: () => json(200, makePage(favorites)),
      'DELETE /api/favorites/a': () => {
        favorites = [];
        return json(200, { message: 'Removido dos favoritos' });
      },
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<FavoritesTab />, { url: '/dashboard' });
    expect(await screen.findByText('Favorita A')).toBeTruthy();
    expect(screen.getByText('1 oferta')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remover dos favoritos' }));
    expect(await screen.findByRole('button', { name: 'Explorar Ofertas' })).toBeTruthy();
    await waitFor(() => expect(stub.calls.filter((c) => c.path.includes('favorites=1'))).toHaveLength(2));
    expect(stub.unexpected).toEqual([]);
  });

  it('shows the remove failure message and keeps the heart filled', async () => {
    const stub = createFetchStub({
      [FAVORITES]: () => json(200, makePage([makeOffer({ id: 'a', favoritedByMe: true })])),
      'DELETE /api/favorites/a': () => json(500, { message: 'Erro interno' }),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<FavoritesTab />, { url: '/dashboard' });
    fireEvent.click(await screen.findByRole('button', { name: 'Remover dos favoritos' }));
    expect(await screen.findByText('Não foi possível remover dos favoritos. Tente novamente.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remover dos favoritos' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });
});
