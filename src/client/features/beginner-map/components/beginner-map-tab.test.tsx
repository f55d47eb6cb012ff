import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { videoEmbedOf } from '../../../../shared/live-call-embed';
import { completionResult } from '../../../../shared/schemas/beginner-map';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import { buildMap, PANDA_LINK, YOUTUBE_LINK } from '../beginner-map.fixtures';
import BeginnerMapTab from './beginner-map-tab';

const MAP = buildMap(
  {
    'trafego-pago-01': { title: 'Introdução ao tráfego pago', videoUrl: YOUTUBE_LINK, done: true },
    'trafego-pago-09': { title: 'Lendo as métricas', description: 'CTR, CPC e ROAS.', videoUrl: PANDA_LINK },
    'contas-01': { title: 'Meta Ads', linkUrl: 'https://www.facebook.com/business', done: true },
    'contas-02': { title: 'Lastlink', description: 'Checkout.' },
  },
  ['criar-contas'],
);

function setup(routes: Record<string, (body: unknown) => Response> = {}, map = MAP) {
  const stub = createFetchStub({ 'GET /api/beginner-map': () => json(200, map), ...routes });
  vi.stubGlobal('fetch', stub.fetch);
  renderWithProviders(<BeginnerMapTab />, { url: '/dashboard' });
  return stub;
}
const done =
  (id: string, value = true) =>
  () =>
    json(200, completionResult.parse({ id, done: value }));
const writes = (stub: ReturnType<typeof setup>) =>
  stub.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
const card = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('div.rounded-xl') as HTMLElement;
const check = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('BeginnerMapTab', () => {
  it('shows the steps and cards with the member’s progress, the videos to come and the partner tools’ links', async () => {
    const stub = setup();
    expect(screen.getByRole('status', { name: 'Carregando Mapa do Iniciante' })).toBeTruthy();
    expect(await screen.findByText('1 de 6 passos')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Passo 4: Participe das calls ao vivo' })).toBeTruthy();
    expect(screen.getAllByText('Não concluído')).toHaveLength(5);
    expect(screen.getAllByText('Concluído')).toHaveLength(1);
    for (const [title, progress] of [
      ['Tráfego Pago', '1 de 13 aulas'],
      ['Clonagem de Páginas', '0 de 4 itens'],
      ['Como usar o Clube', '0 de 12 itens'],
      ['Criando sua conta nas plataformas', '1 de 3 contas criadas'],
    ]) {
      expect(within(card(title)).getByText(progress)).toBeTruthy();
    }
    // Step 1 counts the partner tools, step 2 the tutorials (13 + 4 + 12).
    expect(screen.getAllByText('1 de 3 contas criadas')).toHaveLength(2);
    expect(screen.getByText('1 de 29 tutoriais assistidos')).toBeTruthy();

    // Two lessons have a video; the others say it is coming and are not buttons.
    expect(screen.getAllByRole('button', { name: /\(assistir ao vídeo\)$/ })).toHaveLength(2);
    expect(screen.getAllByText('Vídeo em breve')).toHaveLength(13 + 4 + 12 - 2);
    expect(screen.queryByRole('button', { name: /Tráfego Pago 2/ })).toBeNull();
    expect(check('Aula concluída: Introdução ao tráfego pago').checked).toBe(true);

    const link = screen.getByRole('link', { name: /^Meta Ads/ }) as HTMLAnchorElement;
    expect(link.href).toBe('https://www.facebook.com/business');
    expect(link.target).toBe('_blank');
    expect(link.rel).toBe('noopener noreferrer');
    expect(within(card('Criando sua conta nas plataformas')).getAllByText('Link em breve')).toHaveLength(2);
    expect(check('Conta criada: Meta Ads').checked).toBe(true);
    expect(stub.unexpected).toEqual([]);
  });

  it('plays that lesson’s own video with autoplay, and Concluído saves it on the server and closes', async () => {
    const stub = setup({ 'POST /api/beginner-map/lessons/trafego-pago-09/done': done('trafego-pago-09') });
    fireEvent.click(await screen.findByRole('button', { name: 'Lendo as métricas (assistir ao vídeo)' }));
    const dialog = screen.getByRole('dialog', { name: 'Lendo as métricas' });
    expect(within(dialog).getByText('CTR, CPC e ROAS.')).toBeTruthy();
    const frame = within(dialog).getByTitle('Vídeo: Lendo as métricas') as HTMLIFrameElement;
    expect(frame.src).toBe(videoEmbedOf(PANDA_LINK, { autoplay: true })!.embedUrls[0]);
    expect(frame.src).toBe(`${PANDA_LINK}&autoplay=true`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Concluído' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(check('Aula concluída: Lendo as métricas').checked).toBe(true));
    expect(within(card('Tráfego Pago')).getByText('2 de 13 aulas')).toBeTruthy();
    await waitFor(() =>
      expect(writes(stub)).toEqual(['POST /api/beginner-map/lessons/trafego-pago-09/done']),
    );
  });

  it('opens a YouTube lesson with autoplay and related videos off', async () => {
    setup();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Introdução ao tráfego pago (assistir ao vídeo)' }),
    );
    const frame = screen.getByTitle('Vídeo: Introdução ao tráfego pago') as HTMLIFrameElement;
    const url = new URL(frame.src);
    expect(url.origin).toBe('https://www.youtube-nocookie.com');
    expect(url.pathname).toBe('/embed/aqz-KE-bpKQ');
    expect(url.searchParams.get('autoplay')).toBe('1');
    expect(url.searchParams.get('rel')).toBe('0');
  });

  it('puts the lesson back and shows an error toast when the server refuses', async () => {
    setup({
      'POST /api/beginner-map/lessons/trafego-pago-09/done': () =>
        json(503, { message: 'Banco indisponível.' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Lendo as métricas (assistir ao vídeo)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Concluído' }));
    expect(await screen.findByText('Não foi possível salvar seu progresso')).toBeTruthy();
    expect(screen.getByText('Banco indisponível.')).toBeTruthy();
    await waitFor(() => expect(check('Aula concluída: Lendo as métricas').checked).toBe(false));
    expect(within(card('Tráfego Pago')).getByText('1 de 13 aulas')).toBeTruthy();
  });

  it('undoes a watched lesson with its check and from the modal', async () => {
    const stub = setup({
      'DELETE /api/beginner-map/lessons/trafego-pago-01/done': done('trafego-pago-01', false),
      'POST /api/beginner-map/lessons/trafego-pago-01/done': done('trafego-pago-01'),
    });
    fireEvent.click(
      await screen.findByRole('checkbox', { name: 'Aula concluída: Introdução ao tráfego pago' }),
    );
    await waitFor(() => expect(check('Aula concluída: Introdução ao tráfego pago').checked).toBe(false));
    fireEvent.click(check('Aula concluída: Introdução ao tráfego pago'));
    await waitFor(() => expect(check('Aula concluída: Introdução ao tráfego pago').checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Introdução ao tráfego pago (assistir ao vídeo)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Desmarcar como concluída' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(check('Aula concluída: Introdução ao tráfego pago').checked).toBe(false));
    expect(writes(stub)).toEqual([
      'DELETE /api/beginner-map/lessons/trafego-pago-01/done',
      'POST /api/beginner-map/lessons/trafego-pago-01/done',
      'DELETE /api/beginner-map/lessons/trafego-pago-01/done',
    ]);
  });

  it('marks and unmarks a step, and the overall progress follows', async () => {
    const stub = setup({
      'POST /api/beginner-map/steps/aplicar/done': done('aplicar'),
      'DELETE /api/beginner-map/steps/criar-contas/done': done('criar-contas', false),
    });
    await screen.findByText('1 de 6 passos');
    fireEvent.click(screen.getByRole('button', { name: /^Marcar como concluído\s*\(passo 5\)$/ }));
    expect(await screen.findByText('2 de 6 passos')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Desmarcar\s*\(passo 1\)$/ }));
    expect(await screen.findByText('1 de 6 passos')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Desmarcar\s*\(passo 5\)$/ })).toBeTruthy();
    await waitFor(() =>
      expect(writes(stub)).toEqual([
        'POST /api/beginner-map/steps/aplicar/done',
        'DELETE /api/beginner-map/steps/criar-contas/done',
      ]),
    );
  });

  it('marks a partner tool’s account as created', async () => {
    const stub = setup({ 'POST /api/beginner-map/lessons/contas-02/done': done('contas-02') });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Conta criada: Lastlink' }));
    await waitFor(() => expect(screen.getAllByText('2 de 3 contas criadas')).toHaveLength(2));
    expect(writes(stub)).toEqual(['POST /api/beginner-map/lessons/contas-02/done']);
  });

  it('closes the modal on Escape without saving anything', async () => {
    const stub = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Lendo as métricas (assistir ao vídeo)' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes(stub)).toEqual([]);
  });

  it('says when the map cannot be loaded, and tries again', async () => {
    let fail = true;
    const stub = createFetchStub({
      'GET /api/beginner-map': () =>
        fail ? json(500, { message: 'Erro interno do servidor' }) : json(200, MAP),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<BeginnerMapTab />, { url: '/dashboard' });
    expect(await screen.findByText('Não foi possível carregar o Mapa do Iniciante')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('1 de 6 passos')).toBeTruthy();
    expect(stub.unexpected).toEqual([]);
  });
});
