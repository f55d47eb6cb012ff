import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import { makeUserOffer } from '../test-fixtures';
import UserOffersTab from './user-offers-tab';

function setup(routes: Record<string, (body: unknown) => Response>) {
  const stub = createFetchStub(routes);
  vi.stubGlobal('fetch', stub.fetch);
  renderWithProviders(<UserOffersTab />, { url: '/admin' });
  return stub;
}

/** A pending list that empties once the offer was approved or rejected. */
function pendingUntil() {
  let done = false;
  return {
    list: () => json(200, done ? [] : [makeUserOffer()]),
    finish: (response: Response) => {
      if (response.ok) done = true;
      return response;
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("admin 'Ofertas Usuários' tab", () => {
  it('shows the pending card with its author, data and links', async () => {
    setup({ 'GET /api/admin/user-offers': () => json(200, [makeUserOffer()]) });
    const card = await screen.findByRole('article', { name: 'Chá Secativo' });
    for (const text of [
      'Pendente',
      'João Lima',
      'ID 654321',
      'Nicho Hot',
      'Quiz',
      'Espanhol',
      '2,5x',
      '40',
      'R$ 47',
    ]) {
      expect(within(card).getByText(text)).toBeTruthy();
    }
    expect(within(card).getByRole('link', { name: 'Criativo' }).getAttribute('href')).toBe(
      'https://criativo.com',
    );
    expect(within(card).getByRole('link', { name: 'Anunciante' }).getAttribute('href')).toBe(
      'https://anunciante.com',
    );
    expect(within(card).getByRole('link', { name: 'Biblioteca' }).getAttribute('href')).toBe(
      'https://biblioteca.com',
    );
    expect(within(card).queryByRole('link', { name: 'Site' })).toBeNull();
  });

  it("says 'Nenhuma oferta pendente encontrada' when there is none", async () => {
    setup({ 'GET /api/admin/user-offers': () => json(200, []) });
    expect(await screen.findByText('Nenhuma oferta pendente encontrada')).toBeTruthy();
  });

  it("approves through POST .../approve with 'Oferta aprovada'", async () => {
    const pending = pendingUntil();
    const stub = setup({
      'GET /api/admin/user-offers': pending.list,
      'POST /api/admin/user-offers/uo1/approve': () =>
        pending.finish(json(200, { message: 'Oferta aprovada', offerId: 'o9' })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Aprovar' }));
    expect(await screen.findByText('Oferta aprovada')).toBeTruthy();
    expect(await screen.findByText('Nenhuma oferta pendente encontrada')).toBeTruthy();
    expect(stub.unexpected).toEqual([]);
  });

  it("shows 'Erro ao aprovar oferta' when approval fails", async () => {
    setup({
      'GET /api/admin/user-offers': () => json(200, [makeUserOffer()]),
      'POST /api/admin/user-offers/uo1/approve': () => json(409, { message: 'Oferta já aprovada' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Aprovar' }));
    expect(await screen.findByText('Erro ao aprovar oferta')).toBeTruthy();
    expect(screen.getByText('Oferta já aprovada')).toBeTruthy();
  });

  it("asks 'Tem certeza que deseja recusar esta oferta?' and rejects through DELETE", async () => {
    const pending = pendingUntil();
    const stub = setup({
      'GET /api/admin/user-offers': pending.list,
      'DELETE /api/admin/user-offers/uo1': () => pending.finish(json(200, { message: 'Oferta rejeitada' })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Recusar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Tem certeza que deseja recusar esta oferta?')).toBeTruthy();
    expect(stub.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recusar' }));
    expect(await screen.findByText('Oferta rejeitada')).toBeTruthy();
    expect(await screen.findByText('Nenhuma oferta pendente encontrada')).toBeTruthy();
    expect(stub.unexpected).toEqual([]);
  });

  it('sends nothing when the refusal is cancelled', async () => {
    const stub = setup({ 'GET /api/admin/user-offers': () => json(200, [makeUserOffer()]) });
    fireEvent.click(await screen.findByRole('button', { name: 'Recusar' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(stub.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it("shows 'Erro ao rejeitar oferta' when the refusal fails", async () => {
    setup({
      'GET /api/admin/user-offers': () => json(200, [makeUserOffer()]),
      'DELETE /api/admin/user-offers/uo1': () => json(404, { message: 'Oferta não encontrada' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Recusar' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Recusar' }));
    expect(await screen.findByText('Erro ao rejeitar oferta')).toBeTruthy();
  });

  it("'Editar' opens /admin/editar-oferta-usuario/{id}", async () => {
    setup({ 'GET /api/admin/user-offers': () => json(200, [makeUserOffer()]) });
    fireEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    expect(await screen.findByText('Página /admin/editar-oferta-usuario/uo1')).toBeTruthy();
  });
});
