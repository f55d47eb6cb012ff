import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAdminOffer } from '../../../testing/offers';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import { adminOffersPath } from '../api/use-admin-offers';
import AdminOffersTab from './admin-offers-tab';

const page = (items: ReturnType<typeof makeAdminOffer>[], total = items.length, n = 1) =>
  json(200, { items, total, page: n, pageSize: 24 });

function setup(routes: Record<string, (body: unknown) => Response>) {
  const stub = createFetchStub(routes);
  vi.stubGlobal('fetch', stub.fetch);
  renderWithProviders(<AdminOffersTab />, { url: '/admin' });
  return stub;
}

afterEach(() => vi.unstubAllGlobals());

describe("admin 'Ofertas Escaladas' tab", () => {
  it("serves the cards' images from their resized copies; only the first loads at once, at high priority", async () => {
    const stored = (n: number) => `/uploads/creatives/${String(n).repeat(32)}.png`;
    setup({
      [`GET ${adminOffersPath('default', 1)}`]: () =>
        page([
          makeAdminOffer({ creative: stored(1) }),
          makeAdminOffer({ id: 'o2', productTitle: 'Segunda', creative: stored(2) }),
        ]),
    });
    const first = (await screen.findByAltText('Método Emagrecer Já')) as HTMLImageElement;
    const second = screen.getByAltText('Segunda') as HTMLImageElement;
    expect(first.getAttribute('srcset')).toBe(
      [320, 640, 1280].map((w) => `/uploads/creatives/${'1'.repeat(32)}-w${w}.webp ${w}w`).join(', '),
    );
    expect(first.getAttribute('sizes')).toContain('100vw');
    expect([first.getAttribute('loading'), first.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    expect([second.getAttribute('loading'), second.getAttribute('fetchpriority')]).toEqual(['lazy', null]);
    // A copy that fails falls back to the original; the original failing says so.
    fireEvent.error(first);
    const original = (await screen.findByAltText('Método Emagrecer Já')) as HTMLImageElement;
    expect(original.getAttribute('srcset')).toBeNull();
    expect(original.getAttribute('src')).toBe(stored(1));
    fireEvent.error(original);
    expect(await screen.findByText('Imagem indisponível')).toBeTruthy();
  });

  it('shows each card with visibility, report counts, niche, metrics and date', async () => {
    setup({
      [`GET ${adminOffersPath('default', 1)}`]: () =>
        page([
          makeAdminOffer(),
          makeAdminOffer({ id: 'o2', productTitle: 'Oculta', visible: false, niche: 'Hot' }),
        ]),
    });
    const card = await screen.findByRole('article', { name: 'Método Emagrecer Já' });
    for (const text of [
      'Visível',
      '7 ativa',
      '2 inativa',
      'Emagrecimento',
      'VSL',
      'Português',
      '3,2x',
      '150',
      'R$ 97,40',
      '05/03/2025',
    ]) {
      expect(within(card).getByText(text)).toBeTruthy();
    }
    const hidden = screen.getByRole('article', { name: 'Oculta' });
    expect(within(hidden).getByText('Oculta', { selector: 'span' })).toBeTruthy();
    expect(within(hidden).getByRole('button', { name: 'Mostrar' })).toBeTruthy();
  });

  it("says 'Nenhuma oferta encontrada' when there is none", async () => {
    setup({ [`GET ${adminOffersPath('default', 1)}`]: () => page([]) });
    expect(await screen.findByText('Nenhuma oferta encontrada')).toBeTruthy();
  });

  it('hides an offer through PATCH toggle-visibility and says so', async () => {
    const stub = setup({
      [`GET ${adminOffersPath('default', 1)}`]: () => page([makeAdminOffer()]),
      'PATCH /api/admin/offers/o1/toggle-visibility': () => json(200, makeAdminOffer({ visible: false })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Ocultar' }));
    expect(await screen.findByText('Visibilidade alterada')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Mostrar' })).toBeTruthy();
    expect(stub.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
    expect(stub.unexpected).toEqual([]);
  });

  it('deletes only after the confirmation and refreshes the list', async () => {
    let deleted = false;
    const stub = setup({
      [`GET ${adminOffersPath('default', 1)}`]: () => page(deleted ? [] : [makeAdminOffer()]),
      'DELETE /api/admin/offers/o1': () => {
        deleted = true;
        return json(200, { message: 'Oferta excluída' });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/Tem certeza que deseja excluir a oferta "Método Emagrecer Já"/),
    ).toBeTruthy();
    expect(stub.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Oferta excluída')).toBeTruthy();
    expect(await screen.findByText('Nenhuma oferta encontrada')).toBeTruthy();
    expect(stub.unexpected).toEqual([]);
  });

  it('shows the spec message when deleting fails', async () => {
    setup({
      [`GET ${adminOffersPath('default', 1)}`]: () => page([makeAdminOffer()]),
      'DELETE /api/admin/offers/o1': () => json(500, { message: 'Erro interno' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Não foi possível excluir a oferta. Tente novamente.')).toBeTruthy();
  });

  it("pages with 'Carregar mais' and re-sorts with the sort select", async () => {
    const stub = setup({
      [`GET ${adminOffersPath('default', 1)}`]: () => page([makeAdminOffer()], 25),
      [`GET ${adminOffersPath('default', 2)}`]: () =>
        page([makeAdminOffer({ id: 'o2', productTitle: 'Segunda' })], 25, 2),
      [`GET ${adminOffersPath('most-inactive', 1)}`]: () =>
        page([makeAdminOffer({ id: 'o3', productTitle: 'Mais inativa' })]),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByRole('article', { name: 'Segunda' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull());
    const sort = screen.getByLabelText('Ordenar ofertas');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Padrão', 'Mais inativas', 'Mais ativas']);
    fireEvent.change(sort, { target: { value: 'most-inactive' } });
    expect(await screen.findByRole('article', { name: 'Mais inativa' })).toBeTruthy();
    expect(stub.unexpected).toEqual([]);
  });

  it("'Editar' opens /admin/editar-oferta/{id}", async () => {
    setup({ [`GET ${adminOffersPath('default', 1)}`]: () => page([makeAdminOffer()]) });
    fireEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    expect(await screen.findByText('Página /admin/editar-oferta/o1')).toBeTruthy();
  });

  it("'ADICIONAR' opens /nova-oferta", async () => {
    setup({ [`GET ${adminOffersPath('default', 1)}`]: () => page([]) });
    fireEvent.click(await screen.findByRole('button', { name: 'ADICIONAR' }));
    expect(await screen.findByText('Página /nova-oferta')).toBeTruthy();
  });

  it("'Voltar às Ofertas' opens /dashboard", async () => {
    setup({ [`GET ${adminOffersPath('default', 1)}`]: () => page([]) });
    fireEvent.click(await screen.findByRole('button', { name: 'Voltar às Ofertas' }));
    expect(await screen.findByText('Página /dashboard')).toBeTruthy();
  });
});
