import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../testing/current-user';
import { makeUserOffer } from '../../testing/offers';
import { createFetchStub, heldAnswer, json, renderWithProviders } from '../../testing/render-with-providers';
import AdminEditUserOfferRoute from './admin-edit-user-offer';

function setup(
  isAdmin: boolean,
  routes: Record<string, (body: unknown) => Response | Promise<Response>> = {},
) {
  const stub = createFetchStub({ 'GET /api/auth/user': () => json(200, makeUser(isAdmin)), ...routes });
  vi.stubGlobal('fetch', stub.fetch);
  renderWithProviders(<AdminEditUserOfferRoute />, {
    url: '/admin/editar-oferta-usuario/uo1',
    path: '/admin/editar-oferta-usuario/:id',
  });
  return stub;
}
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }));

beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:novo');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/admin/editar-oferta-usuario/{id}', () => {
  it("sends a member to '/' with 'Acesso Negado' without loading the offer", async () => {
    const stub = setup(false);
    expect(await screen.findByText('Página /')).toBeTruthy();
    expect(await screen.findByText('Acesso Negado')).toBeTruthy();
    expect(stub.calls.map((c) => c.path)).toEqual(['/api/auth/user']);
  });

  it("shows 'Oferta não encontrada' with a button to the admin panel", async () => {
    setup(true, { 'GET /api/admin/user-offers/uo1': () => json(404, { message: 'Oferta não encontrada' }) });
    expect(await screen.findByText('Oferta não encontrada')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Voltar ao painel admin' }));
    expect(await screen.findByText('Página /admin')).toBeTruthy();
  });

  it("shows the author box with the initial, the id and 'Instagram não informado'", async () => {
    setup(true, { 'GET /api/admin/user-offers/uo1': () => json(200, makeUserOffer()) });
    expect(await screen.findByText('João Lima')).toBeTruthy();
    expect(screen.getByText('J')).toBeTruthy();
    expect(screen.getByText('ID 654321')).toBeTruthy();
    expect(screen.getByText('Instagram não informado')).toBeTruthy();
  });

  it("shows '@handle' and 'Nenhum criativo disponível' when there is no creative", async () => {
    setup(true, {
      'GET /api/admin/user-offers/uo1': () =>
        json(
          200,
          makeUserOffer({ creative: null, author: { ...makeUserOffer().author, instagram: 'joao.ads' } }),
        ),
    });
    expect(await screen.findByText('@joao.ads')).toBeTruthy();
    expect(screen.getByText('Nenhum criativo disponível')).toBeTruthy();
  });

  it("shows 'Imagem indisponível' when the current creative does not load", async () => {
    setup(true, { 'GET /api/admin/user-offers/uo1': () => json(200, makeUserOffer()) });
    fireEvent.error(await screen.findByAltText('Criativo atual'));
    expect(await screen.findByText('Imagem indisponível')).toBeTruthy();
  });

  it('replaces the creative with a preview, and removing it restores the existing one', async () => {
    const stub = setup(true, {
      'GET /api/admin/user-offers/uo1': () => json(200, makeUserOffer()),
      'POST /api/uploads/creative': () => json(201, { url: '/uploads/creatives/novo.png', kind: 'image' }),
      'PATCH /api/admin/user-offers/uo1': () => json(200, makeUserOffer()),
    });
    const current = await screen.findByAltText('Criativo atual');
    expect(current.getAttribute('src')).toBe('/uploads/creatives/uo1.png');
    const choose = () =>
      fireEvent.change(screen.getByTestId('creative-input'), {
        target: { files: [new File(['x'], 'novo.png', { type: 'image/png' })] },
      });
    choose();
    expect((await screen.findByAltText('Pré-visualização do novo criativo')).getAttribute('src')).toBe(
      'blob:novo',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Remover e manter o atual' }));
    expect((await screen.findByAltText('Criativo atual')).getAttribute('src')).toBe(
      '/uploads/creatives/uo1.png',
    );

    // Saved without a new creative: the PATCH carries no creative at all.
    save();
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(stub.calls.find((c) => c.method === 'PATCH')?.body).not.toHaveProperty('creative');
    expect(stub.unexpected).toEqual([]);
  });

  it('saves every field and the new creative through PATCH, then returns to the user-offers tab', async () => {
    const upload = heldAnswer(() => json(201, { url: '/uploads/creatives/novo.mp4', kind: 'video' }));
    const stub = setup(true, {
      'GET /api/admin/user-offers/uo1': () => json(200, makeUserOffer()),
      'POST /api/uploads/creative': upload.handler,
      'PATCH /api/admin/user-offers/uo1': () => json(200, makeUserOffer()),
      'GET /api/admin/user-offers': () => json(200, []),
    });
    await screen.findByAltText('Criativo atual');
    fireEvent.change(screen.getByTestId('creative-input'), {
      target: { files: [new File(['x'], 'novo.mp4', { type: 'video/mp4' })] },
    });
    await screen.findByRole('button', { name: 'Remover e manter o atual' });
    // Saving waits for the upload: seen running, then let finish.
    await screen.findByText('Enviando criativo...');
    upload.release();
    await waitFor(() => expect(screen.queryByText('Enviando criativo...')).toBeNull());
    fireEvent.change(screen.getByLabelText(/^Título da oferta/), { target: { value: 'Chá Revisado' } });
    fireEvent.change(screen.getByLabelText(/^Link do site/), { target: { value: 'https://site.com' } });
    fireEvent.change(screen.getByLabelText(/^Anunciante/), { target: { value: 'Vida Leve Naturais' } });
    fireEvent.change(screen.getByLabelText(/^Texto do anúncio/), { target: { value: 'Seque 7 kg.' } });
    save();
    expect(await screen.findByText('Oferta atualizada')).toBeTruthy();
    expect(await screen.findByText('Página /admin')).toBeTruthy();
    expect(stub.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      productTitle: 'Chá Revisado',
      advertiser: 'Vida Leve Naturais',
      adText: 'Seque 7 kg.',
      advertiserLink: 'https://anunciante.com',
      creativeLink: 'https://criativo.com',
      libraryLink: 'https://biblioteca.com',
      siteLink: 'https://site.com',
      status: 'validando',
      format: 'Quiz',
      language: 'Espanhol',
      niche: 'Hot',
      ads: 40,
      roas: 2.5,
      ticket: 47,
      creative: '/uploads/creatives/novo.mp4',
      creativeType: 'video',
    });
  });

  it("shows the submission form's messages and 'Erro ao atualizar oferta' on failure", async () => {
    setup(true, {
      'GET /api/admin/user-offers/uo1': () => json(200, makeUserOffer()),
      'PATCH /api/admin/user-offers/uo1': () => json(500, { message: 'Erro interno' }),
    });
    const title = await screen.findByLabelText(/^Título da oferta/);
    fireEvent.change(title, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText(/^Link do criativo/), { target: { value: 'criativo' } });
    save();
    expect(await screen.findByText('Título da oferta é obrigatório')).toBeTruthy();
    expect(screen.getByText('Link do criativo deve ser uma URL válida')).toBeTruthy();
    fireEvent.change(title, { target: { value: 'Ok' } });
    fireEvent.change(screen.getByLabelText(/^Link do criativo/), { target: { value: '' } });
    save();
    expect(await screen.findByText('Erro ao atualizar oferta')).toBeTruthy();
  });

  it('fills the advertiser name and ad text the member typed', async () => {
    setup(true, {
      'GET /api/admin/user-offers/uo1': () =>
        json(200, makeUserOffer({ advertiser: 'Vida Leve', adText: 'Texto do membro' })),
    });
    expect(((await screen.findByLabelText(/^Anunciante/)) as HTMLInputElement).value).toBe('Vida Leve');
    expect((screen.getByLabelText(/^Texto do anúncio/) as HTMLTextAreaElement).value).toBe('Texto do membro');
  });

  it('shows a refused submission with its reason instead of the form', async () => {
    setup(true, {
      'GET /api/admin/user-offers/uo1': () =>
        json(
          200,
          makeUserOffer({
            state: 'recusada',
            reason: 'Fora das regras.',
            decidedAt: '2025-04-02T12:00:00.000Z',
          }),
        ),
    });
    expect(await screen.findByText('Esta oferta foi recusada')).toBeTruthy();
    expect(screen.getByText('Motivo: Fora das regras.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Salvar Alterações' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ver as ofertas pendentes' }));
    expect(await screen.findByText('Página /admin')).toBeTruthy();
  });

  it('shows an approved submission with a link to edit its catalogue offer', async () => {
    setup(true, {
      'GET /api/admin/user-offers/uo1': () =>
        json(
          200,
          makeUserOffer({
            state: 'aprovada',
            isApproved: true,
            decidedAt: '2025-04-02T12:00:00.000Z',
            approvedAt: '2025-04-02T12:00:00.000Z',
            offerId: 'o-9',
          }),
        ),
    });
    expect(await screen.findByText('Esta oferta já foi aprovada')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Editar a oferta do catálogo' }).getAttribute('href')).toBe(
      '/admin/editar-oferta/o-9',
    );
    expect(screen.queryByRole('button', { name: 'Salvar Alterações' })).toBeNull();
  });

  it("'Cancelar' returns to the user-offers tab", async () => {
    setup(true, { 'GET /api/admin/user-offers/uo1': () => json(200, makeUserOffer()) });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('Página /admin')).toBeTruthy();
  });
});
