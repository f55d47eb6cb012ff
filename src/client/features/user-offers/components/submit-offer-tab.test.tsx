import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NICHES_SUBMISSION_FORM, OFFER_NICHES } from '../../../../shared/schemas/offers';
import {
  createFetchStub,
  heldAnswer,
  json,
  renderWithProviders,
} from '../../../testing/render-with-providers';
import SubmitOfferTab from './submit-offer-tab';

const MB = 1024 * 1024;
const bigFile = () => new File([new Uint8Array(5 * MB + 1)], 'grande.png', { type: 'image/png' });
const pngFile = () => new File([new Uint8Array([137, 80, 78, 71])], 'criativo.png', { type: 'image/png' });

function stubApi(overrides: Record<string, (body: unknown) => Response | Promise<Response>> = {}) {
  const stub = createFetchStub({
    'POST /api/uploads/creative': () => json(201, { url: '/uploads/creatives/abc.png', kind: 'image' }),
    'POST /api/user-offers': () => json(201, { message: 'Oferta enviada para revisão!', id: 'uo1' }),
    'GET /api/user-offers/mine': () => json(200, []),
    ...overrides,
  });
  vi.stubGlobal('fetch', stub.fetch);
  return stub;
}

const chooseCreative = (file: File) =>
  fireEvent.change(screen.getByTestId('creative-input'), { target: { files: [file] } });
const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Enviar para revisão' }));
/** The spinner shown while the held upload runs, then gone and the send button usable again. */
async function uploadFinished(upload: { release(): void }) {
  await screen.findByText('Enviando criativo...');
  upload.release();
  await waitFor(() => expect(screen.queryByText('Enviando criativo...')).toBeNull());
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Enviar para revisão' }).hasAttribute('disabled')).toBe(false),
  );
}

beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The four links (all required). */
function typeLinks() {
  type(/^Link do anunciante/, 'https://facebook.com/anunciante');
  type(/^Link do criativo/, 'https://facebook.com/ads/library/?id=1');
  type(/^Link da biblioteca/, 'https://facebook.com/ads/library/?view_all_page_id=2');
  type(/^Link do site/, 'https://loja.exemplo.com');
}

describe('Subir Oferta', () => {
  it('says the offer goes to review and is worth 10 points', () => {
    stubApi();
    renderWithProviders(<SubmitOfferTab />);
    expect(screen.getByText('Sua oferta passa pela revisão de um administrador')).toBeTruthy();
    expect(screen.getByText('10 pontos')).toBeTruthy();
  });

  it('shows every required-field message and sends nothing', async () => {
    const stub = stubApi();
    renderWithProviders(<SubmitOfferTab />);
    send();
    for (const message of [
      'Upload do criativo é obrigatório',
      'Título da oferta é obrigatório',
      // Empty links are not valid URLs.
      'Link do anunciante deve ser uma URL válida',
      'Link do criativo deve ser uma URL válida',
      'Link da biblioteca deve ser uma URL válida',
      'Link do site deve ser uma URL válida',
      'Status é obrigatório',
      'Formato é obrigatório',
      'Idioma é obrigatório',
      'Nicho é obrigatório',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(stub.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('shows the URL and number messages', async () => {
    stubApi();
    renderWithProviders(<SubmitOfferTab />);
    type(/^Link do anunciante/, 'anunciante');
    type(/^Link do criativo/, 'ftp://x.com');
    type(/^Link da biblioteca/, 'biblioteca sem url');
    type(/^Link do site/, 'site');
    type(/^Anúncios ativos/, '-1');
    type(/^ROAS/, '-0.5');
    type(/^Ticket médio/, '-10');
    send();
    for (const message of [
      'Link do anunciante deve ser uma URL válida',
      'Link do criativo deve ser uma URL válida',
      'Link da biblioteca deve ser uma URL válida',
      'Link do site deve ser uma URL válida',
      'Anúncios ativos deve ser um número positivo',
      'ROAS deve ser um número positivo',
      'Ticket médio deve ser um número positivo',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
  });

  it('lists the submission niches (every niche of the catalogue) with Hot shown as Nicho Hot', () => {
    stubApi();
    renderWithProviders(<SubmitOfferTab />);
    const niche = screen.getByLabelText(/^Nicho/);
    const options = within(niche)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual([
      'Selecione',
      'Renda Extra',
      'Sexualidade',
      'Espiritualidade',
      'Emagrecimento',
      'Saúde',
      'Nicho Hot',
      'Fitness',
      'Beleza',
      'Investimentos',
      'Desenvolvimento Pessoal',
      'Outros',
    ]);
    // Nothing the catalogue filters by is missing from the form.
    expect(new Set(NICHES_SUBMISSION_FORM)).toEqual(new Set(OFFER_NICHES));
    expect(within(niche).getByRole('option', { name: 'Nicho Hot' }).getAttribute('value')).toBe('Hot');
  });

  it('refuses a creative over 5 MB and a file that is not an image or video, without uploading', async () => {
    const stub = stubApi();
    renderWithProviders(<SubmitOfferTab />);
    chooseCreative(bigFile());
    expect(await screen.findByText('Arquivo muito grande')).toBeTruthy();
    expect((await screen.findAllByText('O arquivo deve ter no máximo 5MB')).length).toBeGreaterThan(0);
    chooseCreative(new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Tipo de arquivo inválido')).toBeTruthy();
    expect((await screen.findAllByText('Apenas imagens e vídeos são aceitos')).length).toBeGreaterThan(0);
    expect(stub.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it("shows 'Erro no upload' with the server's message when the upload fails", async () => {
    stubApi({
      'POST /api/uploads/creative': () => json(415, { message: 'Apenas imagens e vídeos são aceitos' }),
    });
    renderWithProviders(<SubmitOfferTab />);
    chooseCreative(pngFile());
    expect(await screen.findByText('Erro no upload')).toBeTruthy();
    expect(screen.queryByAltText('Pré-visualização do novo criativo')).toBeNull();
  });

  it('uploads the creative with a preview, sends the offer and resets the form', async () => {
    const held = heldAnswer(() => json(201, { url: '/uploads/creatives/abc.png', kind: 'image' }));
    const stub = stubApi({ 'POST /api/uploads/creative': held.handler });
    renderWithProviders(<SubmitOfferTab />);
    chooseCreative(pngFile());
    expect(await screen.findByAltText('Pré-visualização do novo criativo')).toBeTruthy();
    await uploadFinished(held);
    const upload = stub.calls.find((c) => c.path === '/api/uploads/creative');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect((upload!.body as FormData).get('file')).toBeInstanceOf(File);

    type(/^Título da oferta/, 'Método Seca Barriga');
    type(/^Anunciante/, '  Vida Leve Naturais ');
    type(/^Texto do anúncio/, 'Seque 7 kg em 21 dias.');
    type(/^Status/, 'escalando');
    type(/^Formato/, 'VSL');
    type(/^Idioma/, 'Português');
    type(/^Nicho/, 'Hot');
    type(/^Anúncios ativos/, '120');
    type(/^ROAS/, '3.25');
    type(/^Ticket médio/, '97.9');
    typeLinks();
    send();

    expect(await screen.findByText('Oferta enviada com sucesso!')).toBeTruthy();
    expect(
      screen.getByText('Sua oferta foi enviada para análise. Aguarde a aprovação de um administrador.'),
    ).toBeTruthy();
    expect(stub.calls.find((c) => c.path === '/api/user-offers')?.body).toEqual({
      creative: '/uploads/creatives/abc.png',
      creativeType: 'image',
      productTitle: 'Método Seca Barriga',
      advertiser: 'Vida Leve Naturais',
      adText: 'Seque 7 kg em 21 dias.',
      advertiserLink: 'https://facebook.com/anunciante',
      creativeLink: 'https://facebook.com/ads/library/?id=1',
      libraryLink: 'https://facebook.com/ads/library/?view_all_page_id=2',
      siteLink: 'https://loja.exemplo.com',
      status: 'escalando',
      format: 'VSL',
      language: 'Português',
      niche: 'Hot',
      ads: 120,
      roas: 3.25,
      ticket: 97.9,
    });
    await waitFor(() =>
      expect((screen.getByLabelText(/^Título da oferta/) as HTMLInputElement).value).toBe(''),
    );
    expect(screen.queryByAltText('Pré-visualização do novo criativo')).toBeNull();
    expect(stub.unexpected).toEqual([]);
  });

  it("shows 'Erro ao enviar oferta' with the server's message when sending fails", async () => {
    const upload = heldAnswer(() => json(201, { url: '/uploads/creatives/abc.png', kind: 'image' }));
    stubApi({
      'POST /api/uploads/creative': upload.handler,
      'POST /api/user-offers': () => json(400, { message: 'Criativo inválido.' }),
    });
    renderWithProviders(<SubmitOfferTab />);
    chooseCreative(pngFile());
    await screen.findByAltText('Pré-visualização do novo criativo');
    await uploadFinished(upload);
    type(/^Título da oferta/, 'Oferta');
    type(/^Status/, 'validando');
    type(/^Formato/, 'Quiz');
    type(/^Idioma/, 'Inglês');
    type(/^Nicho/, 'Outros');
    typeLinks();
    send();
    expect(await screen.findByText('Erro ao enviar oferta')).toBeTruthy();
    expect(screen.getByText('Criativo inválido.')).toBeTruthy();
  });
});
