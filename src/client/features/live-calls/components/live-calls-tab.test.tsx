import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMBED_TIMEOUT_MS, videoEmbedOf } from '../../../../shared/live-call-embed';
import { type LiveCall, liveCall } from '../../../../shared/schemas/live-calls';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import { LiveCallPlayer } from './live-call-player';
import LiveCallsTab from './live-calls-tab';

const VIDEO = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';
let n = 0;
const call = (fields: Partial<LiveCall>): LiveCall =>
  liveCall.parse({
    id: `7b0f4f4e-8d3f-4a43-9d55-0d7f1c1e2a${String(++n).padStart(2, '0')}`,
    title: 'Call',
    description: 'Descrição',
    callTime: '20:00',
    callDate: null,
    link: null,
    status: 'Agendado',
    createdAt: '2026-11-20T12:00:00.000Z',
    updatedAt: '2026-11-20T12:00:00.000Z',
    locked: false,
    daysLeft: null,
    ...fields,
  });

function setup(answer: () => Response) {
  const stub = createFetchStub({ 'GET /api/live-calls': answer });
  vi.stubGlobal('fetch', stub.fetch);
  renderWithProviders(<LiveCallsTab />, { url: '/dashboard' });
  return stub;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("members' 'Calls ao Vivo' tab", () => {
  it('shows each call with its badge; non-published links open in a new tab', async () => {
    const stub = setup(() =>
      json(200, [
        call({ title: 'Próxima call', callDate: '2026-11-26', link: 'https://meet.google.com/abc-defg-hij' }),
        call({ title: 'Adiada sem link', status: 'Adiada' }),
        call({ title: 'Aguardando', status: 'Aguardando Upload', link: VIDEO }),
      ]),
    );
    expect(await screen.findByText('Próxima call')).toBeTruthy();
    expect(screen.getByText('quinta-feira, 26/11/2026')).toBeTruthy();
    expect(screen.getByText('Agendado').className).toMatch(/sky/);
    expect(screen.getByText('Adiada').className).toMatch(/red/);
    expect(screen.getByText('Aguardando Upload').className).toMatch(/amber/);
    const links = screen.getAllByRole('link', { name: 'Acessar Call' }) as HTMLAnchorElement[];
    expect(links.map((a) => a.href)).toEqual(['https://meet.google.com/abc-defg-hij', VIDEO]);
    expect(links.every((a) => a.target === '_blank' && a.rel.includes('noopener'))).toBe(true);
    expect((screen.getByRole('button', { name: 'Link em breve' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTitle(/^Vídeo:/)).toBeNull();
    expect(stub.unexpected).toEqual([]);
  });

  it('plays a published video inline with the first embed variant', async () => {
    setup(() => json(200, [call({ title: 'Gravação', status: 'Publicado', link: VIDEO })]));
    fireEvent.click(await screen.findByRole('button', { name: 'Assistir Gravação' }));
    const frame = (await screen.findByTitle('Vídeo: Gravação')) as HTMLIFrameElement;
    expect(frame.src).toBe(videoEmbedOf(VIDEO)!.embedUrls[0]);
    expect(frame.getAttribute('referrerpolicy')).toBe('strict-origin-when-cross-origin');
    fireEvent.click(screen.getByRole('button', { name: 'Fechar player' }));
    expect(screen.queryByTitle('Vídeo: Gravação')).toBeNull();
  });

  it('opens a published recording that is not on a video site in a new tab', async () => {
    setup(() => json(200, [call({ status: 'Publicado', link: 'https://drive.google.com/file/d/abc/view' })]));
    const link = (await screen.findByRole('link', { name: 'Abrir Gravação' })) as HTMLAnchorElement;
    expect(link.href).toBe('https://drive.google.com/file/d/abc/view');
    expect(link.target).toBe('_blank');
  });

  it("shows 'Acesso Bloqueado' with the server's days for a locked recording, and plays nothing", async () => {
    setup(() =>
      json(200, [call({ title: 'Gravação', status: 'Publicado', link: null, locked: true, daysLeft: 5 })]),
    );
    const message =
      'Para assistir as calls publicadas, sua conta precisa ter mais de 7 dias. Libera daqui 5 dias.';
    expect(await screen.findByText('Acesso Bloqueado')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    // Shown locked, not like the open recording: aria-disabled, described by the notice, no play icon.
    const button = screen.getByRole('button', { name: 'Assistir Gravação' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.className).toContain('border-dashed');
    expect(button.className).not.toContain('bg-primary');
    expect(button.querySelector('.lucide-lock')).toBeTruthy();
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(message);
    fireEvent.click(button);
    await waitFor(() => expect(screen.getAllByText(message).length).toBe(2));
    expect(screen.queryByTitle(/^Vídeo:/)).toBeNull();
  });

  it('shows the empty and the error states', async () => {
    setup(() => json(200, []));
    expect(await screen.findByText('Nenhuma call ao vivo disponível no momento.')).toBeTruthy();
  });

  it('shows the load error', async () => {
    setup(() => json(500, { message: 'Erro interno do servidor' }));
    expect(
      await screen.findByText('Erro ao carregar calls ao vivo. Tente novamente mais tarde.'),
    ).toBeTruthy();
  });
});

describe('the inline player', () => {
  const embed = videoEmbedOf(VIDEO)!;
  const frame = () => screen.queryByTitle('Vídeo: Gravação') as HTMLIFrameElement | null;

  it('moves to the next variant after 10 s without loading or on an error, then offers the video site', () => {
    vi.useFakeTimers();
    render(<LiveCallPlayer embed={embed} title="Gravação" onClose={() => {}} />);
    expect(frame()?.src).toBe(embed.embedUrls[0]);
    act(() => vi.advanceTimersByTime(EMBED_TIMEOUT_MS - 1));
    expect(frame()?.src).toBe(embed.embedUrls[0]);
    act(() => vi.advanceTimersByTime(1));
    expect(frame()?.src).toBe(embed.embedUrls[1]);
    fireEvent.error(frame()!);
    expect(frame()?.src).toBe(embed.embedUrls[2]);
    act(() => vi.advanceTimersByTime(EMBED_TIMEOUT_MS));
    expect(frame()?.src).toBe(embed.embedUrls[3]);
    act(() => vi.advanceTimersByTime(EMBED_TIMEOUT_MS));
    expect(frame()).toBeNull();
    const watch = screen.getByRole('link', { name: 'Assistir no YouTube' }) as HTMLAnchorElement;
    expect(watch.href).toBe(embed.watchUrl);
    expect(watch.target).toBe('_blank');
  });

  it('keeps a variant that loaded', () => {
    vi.useFakeTimers();
    render(<LiveCallPlayer embed={embed} title="Gravação" onClose={() => {}} />);
    fireEvent.load(frame()!);
    expect(screen.queryByRole('status', { name: 'Carregando vídeo' })).toBeNull();
    act(() => vi.advanceTimersByTime(5 * EMBED_TIMEOUT_MS));
    expect(frame()?.src).toBe(embed.embedUrls[0]);
  });
});
