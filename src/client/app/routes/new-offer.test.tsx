import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../testing/current-user';
import { makeOfferDetail } from '../../testing/offers';
import { createFetchStub, json, renderWithProviders } from '../../testing/render-with-providers';
import NewOfferRoute from './new-offer';

function setup(isAdmin: boolean, routes: Record<string, (body: unknown) => Response> = {}) {
  const stub = createFetchStub({ 'GET /api/auth/user': () => json(200, makeUser(isAdmin)), ...routes });
  vi.stubGlobal('fetch', stub.fetch);
  renderWithProviders(<NewOfferRoute />, { url: '/nova-oferta' });
  return stub;
}
const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const publish = () => fireEvent.click(screen.getByRole('button', { name: 'Publicar oferta' }));

function fillRequired() {
  type(/^Título/, 'Método Secar');
  type(/^Link do anunciante/, 'https://www.fb.com/loja');
  type(/^Link do criativo/, 'https://c.com');
  type(/^Link da biblioteca/, 'https://b.com');
  type(/^Link do site/, 'https://s.com');
  type(/^Status/, 'pre-escala');
  type(/^Formato/, 'Typebot');
  type(/^Idioma/, 'Inglês');
  type(/^Nicho/, 'Renda Extra');
}

beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/nova-oferta', () => {
  it("sends a member to '/' with 'Acesso Negado'", async () => {
    setup(false);
    expect(await screen.findByText('Página /')).toBeTruthy();
    expect(await screen.findByText('Acesso Negado')).toBeTruthy();
  });

  it("shows each '... é obrigatório' message of the scaled-offer form", async () => {
    const stub = setup(true);
    await screen.findByRole('button', { name: 'Publicar oferta' });
    publish();
    for (const message of [
      'Título é obrigatório',
      'Link do anunciante é obrigatório',
      'Link do criativo é obrigatório',
      'Link da biblioteca é obrigatório',
      'Link do site é obrigatório',
      'Status é obrigatório',
      'Formato é obrigatório',
      'Idioma é obrigatório',
      'Nicho é obrigatório',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(stub.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('offers the scaled-offer niches only', async () => {
    setup(true);
    const niche = await screen.findByLabelText(/^Nicho/);
    expect(
      within(niche)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Selecione',
      'Sexualidade',
      'Espiritualidade',
      'Hot',
      'Outros',
      'Emagrecimento',
      'Renda Extra',
    ]);
  });

  it('publishes with links as JSON text, then opens the dashboard on Ofertas Escaladas', async () => {
    const stub = setup(true, {
      'POST /api/uploads/creative': () => json(201, { url: '/uploads/creatives/v.mp4', kind: 'video' }),
      'POST /api/offers': () => json(201, makeOfferDetail()),
    });
    await screen.findByLabelText(/^Título/);
    fireEvent.change(screen.getByTestId('creative-input'), {
      target: { files: [new File(['v'], 'v.mp4', { type: 'video/mp4' })] },
    });
    await screen.findByRole('button', { name: 'Remover' });
    fillRequired();
    type(/^Anúncios ativos/, '80');
    type(/^ROAS/, '2.75');
    // The button stays disabled until the upload has settled: a click before that is (rightly) ignored.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Publicar oferta' }).hasAttribute('disabled')).toBe(false),
    );
    publish();
    expect(await screen.findByText('Oferta publicada com sucesso!')).toBeTruthy();
    expect(await screen.findByText('Página /dashboard')).toBeTruthy();
    expect(localStorage.getItem('dashboard:activeTab')).toBe('ofertas-escaladas');
    const body = stub.calls.find((c) => c.path === '/api/offers')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      productTitle: 'Método Secar',
      advertiser: 'fb.com',
      creative: '/uploads/creatives/v.mp4',
      creativeType: 'video',
      status: 'pre-escala',
      format: 'Typebot',
      language: 'Inglês',
      niche: 'Renda Extra',
      ads: 80,
      roas: 2.75,
      ticket: 0,
    });
    expect(JSON.parse(String(body.links))).toEqual({
      criativo: 'https://c.com',
      biblioteca: 'https://b.com',
      site: 'https://s.com',
      anunciante: 'https://www.fb.com/loja',
    });
    expect(stub.unexpected).toEqual([]);
  });

  it("says 'Erro ao publicar oferta. Tente novamente.' when publishing fails", async () => {
    setup(true, { 'POST /api/offers': () => json(500, { message: 'Erro interno' }) });
    await screen.findByLabelText(/^Título/);
    fillRequired();
    publish();
    expect(await screen.findByText('Erro ao publicar oferta. Tente novamente.')).toBeTruthy();
    expect(screen.queryByText('Página /dashboard')).toBeNull();
  });
});
