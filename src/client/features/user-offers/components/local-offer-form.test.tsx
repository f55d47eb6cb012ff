import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AddOfferRoute from '../../../app/routes/add-offer';
import { createFetchStub, renderWithProviders } from '../../../testing/render-with-providers';
import { LOCAL_OFFERS_KEY, readLocalOffers } from '../local-offers';

function renderPage() {
  const stub = createFetchStub({});
  vi.stubGlobal('fetch', stub.fetch);
  renderWithProviders(<AddOfferRoute />, { url: '/adicionar-oferta' });
  return stub;
}
const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Salvar oferta' }));

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('/adicionar-oferta', () => {
  it('says the offer stays in this browser only', () => {
    renderPage();
    expect(screen.getByText('apenas neste navegador')).toBeTruthy();
  });

  it("requires title and advertiser with 'Preencha todos os campos obrigatórios'", async () => {
    renderPage();
    type(/^Título/, 'Só o título');
    save();
    expect((await screen.findAllByText('Preencha todos os campos obrigatórios')).length).toBeGreaterThan(0);
    expect(localStorage.getItem(LOCAL_OFFERS_KEY)).toBeNull();
    expect(screen.queryByText('Página /dashboard')).toBeNull();
  });

  it("saves 'validando' as 'pre-escala' to 'ofertas-locais', keeps earlier ones, then goes to /dashboard", async () => {
    localStorage.setItem(LOCAL_OFFERS_KEY, JSON.stringify([{ id: 'antiga', productTitle: 'Antiga' }]));
    const stub = renderPage();
    type(/^Título/, 'Chá Detox');
    type(/^Anunciante/, 'Loja Natural');
    expect((screen.getByLabelText(/^Status/) as HTMLSelectElement).value).toBe('validando');
    type(/^Nicho/, 'Emagrecimento');
    save();
    expect(await screen.findByText('Página /dashboard')).toBeTruthy();
    const saved = readLocalOffers();
    expect(saved).toHaveLength(2);
    expect(saved[0]?.id).toBe('antiga');
    expect(saved[1]).toMatchObject({
      productTitle: 'Chá Detox',
      advertiser: 'Loja Natural',
      status: 'pre-escala',
      niche: 'Emagrecimento',
    });
    expect(stub.calls).toEqual([]);
  });

  it('keeps escalando as chosen', async () => {
    renderPage();
    type(/^Título/, 'Curso');
    type(/^Anunciante/, 'Escola');
    type(/^Status/, 'escalando');
    save();
    await screen.findByText('Página /dashboard');
    expect(readLocalOffers()[0]?.status).toBe('escalando');
  });
});
