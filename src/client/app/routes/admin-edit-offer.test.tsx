import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../testing/current-user';
import { makeOfferDetail } from '../../testing/offers';
import { createFetchStub, json, renderWithProviders } from '../../testing/render-with-providers';
import AdminEditOfferRoute from './admin-edit-offer';

function setup(isAdmin: boolean, routes: Record<string, (body: unknown) => Response> = {}) {
  const stub = createFetchStub({ 'GET /api/auth/user': () => json(200, makeUser(isAdmin)), ...routes });
  vi.stubGlobal('fetch', stub.fetch);
  renderWithProviders(<AdminEditOfferRoute />, {
    url: '/admin/editar-oferta/o1',
    path: '/admin/editar-oferta/:id',
  });
  return stub;
}
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }));

afterEach(() => vi.unstubAllGlobals());

describe('/admin/editar-oferta/{id}', () => {
  it("sends a member to '/' with 'Acesso Negado' without loading the offer", async () => {
    const stub = setup(false);
    expect(await screen.findByText('Página /')).toBeTruthy();
    expect(await screen.findByText('Acesso Negado')).toBeTruthy();
    expect(stub.calls.map((c) => c.path)).toEqual(['/api/auth/user']);
  });

  it("shows 'Oferta não encontrada' with a way back to /admin", async () => {
    setup(true, { 'GET /api/offers/o1': () => json(404, { message: 'Oferta não encontrada' }) });
    expect(await screen.findByText('Oferta não encontrada')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Voltar ao painel admin' }));
    expect(await screen.findByText('Página /admin')).toBeTruthy();
  });

  it('requires title and advertiser', async () => {
    const stub = setup(true, { 'GET /api/offers/o1': () => json(200, makeOfferDetail()) });
    const title = await screen.findByLabelText(/^Título/);
    fireEvent.change(title, { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText(/^Anunciante/), { target: { value: '' } });
    save();
    expect(await screen.findByText('Título é obrigatório')).toBeTruthy();
    expect(screen.getByText('Anunciante é obrigatório')).toBeTruthy();
    expect(stub.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves every field through PUT, keeps the creative, then returns to the admin offers tab', async () => {
    const stub = setup(true, {
      'GET /api/offers/o1': () => json(200, makeOfferDetail()),
      'PUT /api/offers/o1': () => json(200, makeOfferDetail()),
    });
    expect(await screen.findByAltText('Criativo atual')).toBeTruthy();
    expect((screen.getByLabelText(/^Link do site/) as HTMLInputElement).value).toBe('https://site.com');
    fireEvent.change(screen.getByLabelText(/^Título/), { target: { value: 'Novo título' } });
    fireEvent.change(screen.getByLabelText(/^Status/), { target: { value: 'validando' } });
    save();
    expect(await screen.findByText('Oferta atualizada')).toBeTruthy();
    expect(await screen.findByText('Página /admin')).toBeTruthy();
    const body = stub.calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      productTitle: 'Novo título',
      advertiser: 'Loja Exemplo',
      status: 'validando',
      creative: '/uploads/creatives/o1.png',
      creativeType: 'image',
      niche: 'Emagrecimento',
      ads: 150,
      roas: 3.2,
      ticket: 97.4,
    });
    expect(JSON.parse(String(body.links))).toEqual({
      criativo: null,
      biblioteca: null,
      site: 'https://site.com',
      anunciante: null,
    });
  });

  it("says 'Erro ao atualizar' when saving fails", async () => {
    setup(true, {
      'GET /api/offers/o1': () => json(200, makeOfferDetail()),
      'PUT /api/offers/o1': () => json(500, { message: 'Erro interno' }),
    });
    await screen.findByLabelText(/^Título/);
    save();
    expect(await screen.findByText('Erro ao atualizar')).toBeTruthy();
    expect(screen.getByText('Erro ao atualizar oferta. Tente novamente.')).toBeTruthy();
  });

  it("'Cancelar' goes back to /admin", async () => {
    setup(true, { 'GET /api/offers/o1': () => json(200, makeOfferDetail()) });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('Página /admin')).toBeTruthy();
  });
});
