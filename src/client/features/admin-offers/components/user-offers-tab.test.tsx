import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUserOffer } from '../../../testing/offers';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
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
    expect(within(dialog).getByText('Chá Secativo')).toBeTruthy();
    expect(stub.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Motivo'), {
      target: { value: '  A oferta já está no catálogo.  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recusar' }));
    expect(await screen.findByText('Oferta rejeitada')).toBeTruthy();
    expect(await screen.findByText('Nenhuma oferta pendente encontrada')).toBeTruthy();
    expect(stub.calls.find((c) => c.method === 'DELETE')?.body).toEqual({
      reason: 'A oferta já está no catálogo.',
    });
    expect(stub.unexpected).toEqual([]);
  });

  it('refuses without a body when no reason is written, and the reason starts empty for the next offer', async () => {
    const stub = setup({
      'GET /api/admin/user-offers': () => json(200, [makeUserOffer()]),
      'DELETE /api/admin/user-offers/uo1': () => json(200, { message: 'Oferta rejeitada' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Recusar' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'rascunho' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Recusar' }));
    dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Motivo') as HTMLTextAreaElement).value).toBe('');
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recusar' }));
    expect(await screen.findByText('Oferta rejeitada')).toBeTruthy();
    expect(stub.calls.find((c) => c.method === 'DELETE')?.body).toBeUndefined();
  });

  it('does not send a reason over 500 characters and says why', async () => {
    const stub = setup({ 'GET /api/admin/user-offers': () => json(200, [makeUserOffer()]) });
    fireEvent.click(await screen.findByRole('button', { name: 'Recusar' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'x'.repeat(501) } });
    // Checked with the shared schema as it is typed (async): the message comes once it has answered.
    expect(await within(dialog).findByText('O motivo pode ter no máximo 500 caracteres.')).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Recusar' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(confirm);
    expect(stub.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('says what approving and refusing do, with the points on the profile, not the ranking', async () => {
    setup({ 'GET /api/admin/user-offers': () => json(200, []) });
    const text = (await screen.findByText(/Ofertas enviadas pelos membros aguardando revisão/)).textContent;
    expect(text).toContain('com o membro como autor e ele ganha 10 pontos, que aparecem no perfil dele');
    expect(text).toContain(
      'Recusar: a oferta fica registrada como recusada, com o motivo que você escrever.',
    );
    expect(text).toContain('o ranking mensal conta só curtidas recebidas');
    expect(text).toContain('o membro recebe um aviso no sino');
  });

  it("shows the member's advertiser name and ad text on the card", async () => {
    setup({
      'GET /api/admin/user-offers': () =>
        json(200, [makeUserOffer({ advertiser: 'Vida Leve Naturais', adText: 'Seque 7 kg em 21 dias.' })]),
    });
    const card = await screen.findByRole('article', { name: 'Chá Secativo' });
    expect(within(card).getByText('Vida Leve Naturais')).toBeTruthy();
    expect(within(card).getByText('Seque 7 kg em 21 dias.')).toBeTruthy();
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
