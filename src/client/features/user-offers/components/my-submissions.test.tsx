import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type MyUserOffer, myUserOffer } from '../../../../shared/schemas/offers';
import { z } from '../../../../shared/schemas/zod';
import {
  createFetchStub,
  heldAnswer,
  json,
  renderWithProviders,
} from '../../../testing/render-with-providers';
import SubmitOfferTab from './submit-offer-tab';

const PENDING: MyUserOffer = {
  id: 's3',
  productTitle: 'Planner Financeiro',
  state: 'pendente',
  createdAt: '2026-05-12T13:00:00.000Z',
};
const REFUSED: MyUserOffer = {
  id: 's2',
  productTitle: 'Cápsula Milagrosa',
  state: 'recusada',
  reason: 'Promessa de saúde sem comprovação.',
  createdAt: '2026-05-10T13:00:00.000Z',
  decidedAt: '2026-05-11T13:00:00.000Z',
};
const APPROVED: MyUserOffer = {
  id: 's1',
  productTitle: 'Método Seca Barriga',
  state: 'aprovada',
  createdAt: '2026-05-01T13:00:00.000Z',
  decidedAt: '2026-05-02T13:00:00.000Z',
  offerId: 'o-77',
};

/** The list answer, checked against the shared response schema. */
function mine(items: MyUserOffer[]) {
  return () => json(200, z.array(myUserOffer).parse(items));
}

function setup(routes: Record<string, (body: unknown) => Response | Promise<Response>>) {
  const stub = createFetchStub(routes);
  vi.stubGlobal('fetch', stub.fetch);
  renderWithProviders(<SubmitOfferTab />, { url: '/dashboard?tab=subir-oferta', path: '/dashboard' });
  return stub;
}
const list = () => screen.getByRole('region', { name: 'Minhas ofertas' });
const item = (title: string) =>
  within(list()).getByRole('heading', { name: title }).closest('li') as HTMLElement;

beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("'Minhas ofertas' in Subir Oferta", () => {
  it('shows each submission with its state badge, dates, the refusal reason and the catalogue link', async () => {
    const stub = setup({ 'GET /api/user-offers/mine': mine([PENDING, REFUSED, APPROVED]) });
    await screen.findByRole('heading', { name: 'Planner Financeiro' });
    const titles = within(list())
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual(['Planner Financeiro', 'Cápsula Milagrosa', 'Método Seca Barriga']);

    const pending = item('Planner Financeiro');
    expect(within(pending).getByText('Em análise')).toBeTruthy();
    expect(within(pending).getByText('Enviada em 12/05/2026')).toBeTruthy();
    expect(within(pending).getByText('Aguardando a revisão de um administrador.')).toBeTruthy();

    const refused = item('Cápsula Milagrosa');
    expect(within(refused).getByText('Recusada')).toBeTruthy();
    expect(within(refused).getByText('Enviada em 10/05/2026 · Recusada em 11/05/2026')).toBeTruthy();
    expect(within(refused).getByText('Promessa de saúde sem comprovação.')).toBeTruthy();
    expect(within(refused).getByText(/Motivo:/)).toBeTruthy();
    expect(within(refused).queryByRole('link')).toBeNull();

    const approved = item('Método Seca Barriga');
    expect(within(approved).getByText('Aprovada')).toBeTruthy();
    expect(within(approved).getByText('Enviada em 01/05/2026 · Aprovada em 02/05/2026')).toBeTruthy();
    expect(within(approved).getByRole('link', { name: 'Ver no catálogo' }).getAttribute('href')).toBe(
      '/detalhes-oferta/o-77',
    );
    expect(stub.unexpected).toEqual([]);
  });

  it('says when a refusal has no reason and when an approved offer left the catalogue', async () => {
    setup({
      'GET /api/user-offers/mine': mine([
        { ...REFUSED, reason: undefined },
        { ...APPROVED, offerId: undefined },
      ]),
    });
    const refused = await screen.findByRole('heading', { name: 'Cápsula Milagrosa' });
    expect(
      within(refused.closest('li') as HTMLElement).getByText('O administrador não informou um motivo.'),
    ).toBeTruthy();
    const approved = item('Método Seca Barriga');
    expect(within(approved).getByText('A oferta foi removida do catálogo depois.')).toBeTruthy();
    expect(within(approved).queryByRole('link')).toBeNull();
  });

  it('has an empty state', async () => {
    setup({ 'GET /api/user-offers/mine': mine([]) });
    expect(await screen.findByText(/Você ainda não enviou nenhuma oferta/)).toBeTruthy();
  });

  it('says when the list cannot be loaded and tries again', async () => {
    let fail = true;
    setup({
      'GET /api/user-offers/mine': () =>
        fail ? json(500, { message: 'Erro interno do servidor' }) : mine([PENDING])(),
    });
    expect(await screen.findByText(/Não foi possível carregar suas ofertas/)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByRole('heading', { name: 'Planner Financeiro' })).toBeTruthy();
  });

  it("shows the 5 newest, and 'Ver todas' the rest", async () => {
    const many = Array.from({ length: 7 }, (_, i) => ({
      ...PENDING,
      id: `p${i}`,
      productTitle: `Oferta ${i}`,
    }));
    setup({ 'GET /api/user-offers/mine': mine(many) });
    await screen.findByRole('heading', { name: 'Oferta 0' });
    expect(within(list()).getAllByRole('heading', { level: 3 })).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: 'Ver todas (7)' }));
    expect(within(list()).getAllByRole('heading', { level: 3 })).toHaveLength(7);
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar só as mais recentes' }));
    expect(within(list()).getAllByRole('heading', { level: 3 })).toHaveLength(5);
  });

  it("is refreshed after a submit: the new offer tops the list as 'Em análise', and the list takes focus", async () => {
    let submitted = false;
    // 'Enviar para revisão' is disabled while the upload runs: a click then would send nothing.
    const upload = heldAnswer(() => json(201, { url: '/uploads/creatives/abc.png', kind: 'image' }));
    const stub = setup({
      'GET /api/user-offers/mine': () => mine(submitted ? [PENDING, APPROVED] : [APPROVED])(),
      'POST /api/uploads/creative': upload.handler,
      'POST /api/user-offers': () => {
        submitted = true;
        return json(201, { message: 'Oferta enviada para revisão!', id: 's3' });
      },
    });
    await screen.findByRole('heading', { name: 'Método Seca Barriga' });
    fireEvent.change(screen.getByTestId('creative-input'), {
      target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'c.png', { type: 'image/png' })] },
    });
    await screen.findByAltText('Pré-visualização do novo criativo');
    await screen.findByText('Enviando criativo...');
    upload.release();
    await waitFor(() => expect(screen.queryByText('Enviando criativo...')).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Enviar para revisão' }).hasAttribute('disabled')).toBe(
        false,
      ),
    );
    const type = (label: RegExp, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type(/^Título da oferta/, 'Planner Financeiro');
    type(/^Status/, 'validando');
    type(/^Formato/, 'Quiz');
    type(/^Idioma/, 'Português');
    type(/^Nicho/, 'Outros');
    type(/^Link do anunciante/, 'https://a.com');
    type(/^Link do criativo/, 'https://a.com/c');
    type(/^Link da biblioteca/, 'https://a.com/b');
    type(/^Link do site/, 'https://a.com/s');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar para revisão' }));

    const fresh = await screen.findByRole('heading', { name: 'Planner Financeiro' });
    expect(within(fresh.closest('li') as HTMLElement).getByText('Em análise')).toBeTruthy();
    expect(stub.calls.filter((c) => c.path === '/api/user-offers/mine')).toHaveLength(2);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Minhas ofertas' }));
    expect(stub.unexpected).toEqual([]);
  });

  it('refuses an advertiser name over 200 and an ad text over 5,000 characters beside the field, sending nothing', async () => {
    const stub = setup({ 'GET /api/user-offers/mine': mine([]) });
    await screen.findByText(/Você ainda não enviou nenhuma oferta/);
    fireEvent.change(screen.getByLabelText(/^Anunciante/), { target: { value: 'a'.repeat(201) } });
    fireEvent.change(screen.getByLabelText(/^Texto do anúncio/), { target: { value: 'b'.repeat(5001) } });
    expect(screen.getByText(/5\.001 de 5\.000 caracteres/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar para revisão' }));
    expect(await screen.findByText('O nome do anunciante pode ter no máximo 200 caracteres.')).toBeTruthy();
    expect(screen.getByText('O texto do anúncio pode ter no máximo 5.000 caracteres.')).toBeTruthy();
    expect(stub.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('says exactly what approval gives: the catalogue, the author, 10 points on the profile, not the ranking', async () => {
    setup({ 'GET /api/user-offers/mine': mine([]) });
    const notice = screen.getByText('Sua oferta passa pela revisão de um administrador').parentElement!;
    expect(notice.textContent).toContain(
      'Se for aprovada, ela entra no catálogo de Ofertas Escaladas, visível para todos os membros, com você como autor, e você ganha 10 pontos, que aparecem no seu perfil.',
    );
    expect(notice.textContent).toContain('Esses pontos não entram no ranking mensal');
    expect(notice.textContent).toContain('o ranking conta as curtidas que você recebe no mês');
    expect(notice.textContent).not.toContain('pontos no ranking');
  });
});
