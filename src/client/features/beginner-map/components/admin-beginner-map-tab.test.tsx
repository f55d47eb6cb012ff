import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { videoEmbedOf } from '../../../../shared/live-call-embed';
import {
  adminBeginnerMapLesson,
  type BeginnerMapLesson,
  LESSON_TITLE_REQUIRED,
  LESSON_VIDEO_INVALID,
  LESSON_VIDEO_PANDA_INVALID,
} from '../../../../shared/schemas/beginner-map';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import { buildMap, PANDA_LINK, YOUTUBE_LINK } from '../beginner-map.fixtures';
import AdminBeginnerMapTab from './admin-beginner-map-tab';

const VIMEO = 'https://vimeo.com/76979871';
const MAP = buildMap({
  'trafego-pago-01': { title: 'Introdução ao tráfego pago', videoUrl: YOUTUBE_LINK },
  'trafego-pago-09': { title: 'Lendo as métricas', description: 'CTR, CPC e ROAS.' },
  'contas-01': { title: 'Meta Ads', linkUrl: 'https://www.facebook.com/business' },
});
const lesson = (id: string) => MAP.lessons.find((l) => l.id === id)!;
/** The server's answer to a PUT: the lesson with what was sent (absent link fields kept). */
const saved = (id: string) => (body: unknown) => {
  // Left out, the video stays; null or empty clears it, and the answer then has no videoUrl.
  const { videoUrl: sentVideo, ...sent } = body as Omit<Partial<BeginnerMapLesson>, 'videoUrl'> & {
    videoUrl?: string | null;
  };
  const { videoUrl: storedVideo, ...stored } = lesson(id);
  const videoUrl = sentVideo === undefined ? storedVideo : sentVideo;
  return json(
    200,
    adminBeginnerMapLesson.parse({
      ...stored,
      ...sent,
      ...(videoUrl ? { videoUrl } : {}),
      updatedAt: '2026-11-24T10:00:00.000Z',
    }),
  );
};

function setup(routes: Record<string, (body: unknown) => Response> = {}) {
  const stub = createFetchStub({ 'GET /api/beginner-map': () => json(200, MAP), ...routes });
  vi.stubGlobal('fetch', stub.fetch);
  renderWithProviders(<AdminBeginnerMapTab />, { url: '/admin?tab=mapa-iniciante' });
  return stub;
}
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const writes = (stub: ReturnType<typeof setup>) => stub.calls.filter((c) => c.method !== 'GET');
const section = (name: string) => screen.getByRole('region', { name });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("admin 'Mapa do Iniciante' tab", () => {
  it('lists the lessons by card with their video, and the partner tools with their link', async () => {
    const stub = setup();
    expect(screen.getByRole('status', { name: 'Carregando aulas' })).toBeTruthy();
    expect(await screen.findByText('1 de 29 aulas com vídeo · 1 de 3 ferramentas com link')).toBeTruthy();
    expect(within(section('Tráfego Pago')).getAllByRole('listitem')).toHaveLength(13);
    expect(within(section('Clonagem de Páginas')).getAllByRole('listitem')).toHaveLength(4);
    expect(within(section('Como usar o Clube')).getAllByRole('listitem')).toHaveLength(12);
    const tools = section('Criando sua conta nas plataformas (ferramentas parceiras)');
    expect(within(tools).getAllByRole('listitem')).toHaveLength(3);
    expect(within(tools).getByText('facebook.com')).toBeTruthy();
    expect(within(tools).getAllByText('Sem link')).toHaveLength(2);
    const first = screen.getByText('Introdução ao tráfego pago').closest('li')!;
    expect(within(first).getByText('YouTube')).toBeTruthy();
    expect(screen.getAllByText('Sem vídeo')).toHaveLength(28);
    expect(stub.unexpected).toEqual([]);
  });

  it('refuses a link that is not a video, field by field, and sends nothing', async () => {
    const stub = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Lendo as métricas' }));
    expect((screen.getByLabelText('Título') as HTMLInputElement).value).toBe('Lendo as métricas');
    type('Título', '  ');
    type('Link do vídeo (opcional)', 'https://meet.google.com/abc-defg-hij');
    expect(screen.getByText('Link ainda não reconhecido como vídeo.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText(LESSON_VIDEO_INVALID)).toBeTruthy();
    expect(screen.getByText(LESSON_TITLE_REQUIRED)).toBeTruthy();
    type('Link do vídeo (opcional)', 'https://dashboard.pandavideo.com.br/#/videos/1');
    type('Título', 'Lendo as métricas');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText(LESSON_VIDEO_PANDA_INVALID)).toBeTruthy();
    expect(writes(stub)).toEqual([]);
  });

  it('recognises a video as typed, previews it and saves it; the list is fetched again', async () => {
    const stub = setup({ 'PUT /api/admin/beginner-map/lessons/trafego-pago-09': saved('trafego-pago-09') });
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Lendo as métricas' }));
    type('Link do vídeo (opcional)', ` ${VIMEO} `);
    expect(screen.getByText('Vídeo do Vimeo reconhecido.')).toBeTruthy();
    const open = screen.getByRole('link', { name: 'Abrir no Vimeo' }) as HTMLAnchorElement;
    expect(open.href).toBe(VIMEO);
    expect(open.target).toBe('_blank');
    fireEvent.click(screen.getByRole('button', { name: 'Ver prévia' }));
    const frame = screen.getByTitle('Vídeo: Prévia: Lendo as métricas') as HTMLIFrameElement;
    expect(frame.src).toBe(videoEmbedOf(VIMEO)!.embedUrls[0]);
    type('Descrição', 'Métricas que importam.');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText('Aula atualizada')).toBeTruthy();
    expect(writes(stub)[0]).toMatchObject({
      method: 'PUT',
      body: { title: 'Lendo as métricas', description: 'Métricas que importam.', videoUrl: VIMEO },
    });
    expect(writes(stub)[0]?.body).not.toHaveProperty('linkUrl');
    await waitFor(() => expect(stub.calls.filter((c) => c.method === 'GET').length).toBe(2));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Editar aula' })).toBeNull());
  });

  it('clears a video with null and takes the link out of a pasted <iframe> code', async () => {
    const stub = setup({
      'PUT /api/admin/beginner-map/lessons/trafego-pago-01': saved('trafego-pago-01'),
      'PUT /api/admin/beginner-map/lessons/trafego-pago-09': saved('trafego-pago-09'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Introdução ao tráfego pago' }));
    expect((screen.getByLabelText('Link do vídeo (opcional)') as HTMLInputElement).value).toBe(YOUTUBE_LINK);
    type('Link do vídeo (opcional)', '');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    await screen.findByText('Aula atualizada');
    expect(writes(stub)[0]?.body).toMatchObject({ videoUrl: null });

    fireEvent.click(screen.getByRole('button', { name: 'Editar Lendo as métricas' }));
    type('Link do vídeo (opcional)', `<iframe src="${PANDA_LINK}" allowfullscreen></iframe>`);
    expect(screen.getByText('Vídeo do Panda Video reconhecido.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    await waitFor(() => expect(writes(stub)).toHaveLength(2));
    expect(writes(stub)[1]?.body).toMatchObject({ videoUrl: PANDA_LINK });
  });

  it('edits a partner tool’s name and sign-up link', async () => {
    const stub = setup({ 'PUT /api/admin/beginner-map/lessons/contas-02': saved('contas-02') });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Editar Criando sua conta nas plataformas 2' }),
    );
    expect(screen.getByRole('form', { name: 'Editar ferramenta parceira' })).toBeTruthy();
    type('Nome da ferramenta', 'Lastlink');
    type('Link de cadastro (opcional)', 'lastlink.com');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    expect(
      await screen.findByText('O link da ferramenta deve ser uma URL válida (http ou https).'),
    ).toBeTruthy();
    type('Link de cadastro (opcional)', 'https://lastlink.com');
    expect((screen.getByRole('link', { name: /^Abrir o link de cadastro/ }) as HTMLAnchorElement).href).toBe(
      'https://lastlink.com/',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText('Ferramenta atualizada')).toBeTruthy();
    expect(writes(stub)).toHaveLength(1);
    expect(writes(stub)[0]?.body).toMatchObject({
      title: 'Lastlink',
      linkUrl: 'https://lastlink.com',
      videoUrl: null,
    });
  });

  it("shows the server's message under 'Erro ao atualizar aula' and keeps the form", async () => {
    setup({
      'PUT /api/admin/beginner-map/lessons/trafego-pago-09': () =>
        json(404, { message: 'Aula não encontrada.' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Lendo as métricas' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText('Erro ao atualizar aula')).toBeTruthy();
    expect(screen.getByText('Aula não encontrada.')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Editar aula' })).toBeTruthy();
  });

  it('says when the lessons cannot be loaded', async () => {
    setup({ 'GET /api/beginner-map': () => json(500, { message: 'Erro interno do servidor' }) });
    expect(
      await screen.findByText('Erro ao carregar o Mapa do Iniciante. Erro interno do servidor'),
    ).toBeTruthy();
  });
});
