import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFetchStub, json, renderWithProviders } from '../../testing/render-with-providers';
import UnsubscribeRoute from './unsubscribe';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'u.reply.abc.signature';
const PATH = `/api/notifications/unsubscribe?token=${encodeURIComponent(TOKEN)}`;

describe('/descadastrar', () => {
  it('says what the link stops, stops it on the button and links to the preferences', async () => {
    const stub = createFetchStub({
      [`GET ${PATH}`]: () =>
        json(200, { kind: 'reply', label: 'Respostas aos meus comentários', email: 'an•••@x.com' }),
      [`POST ${PATH}`]: () =>
        json(200, {
          message: 'Pronto: você não vai mais receber e-mails de "Respostas aos meus comentários".',
        }),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<UnsubscribeRoute />, { url: `/descadastrar?token=${encodeURIComponent(TOKEN)}` });
    expect(await screen.findByRole('heading', { name: 'Parar estes e-mails?' })).toBeTruthy();
    expect(screen.getByText('"Respostas aos meus comentários"')).toBeTruthy();
    // Opening the page changes nothing (link scanners open links too).
    expect(stub.calls.map((c) => c.method)).toEqual(['GET']);
    fireEvent.click(screen.getByRole('button', { name: 'Parar estes e-mails' }));
    expect(await screen.findByRole('heading', { name: 'E-mails desligados' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Escolher o que receber' }).getAttribute('href')).toBe(
      '/perfil#notificacoes',
    );
    expect(stub.unexpected).toEqual([]);
  });

  it("shows the server's reason for a forged or expired link, and explains a link without a token", async () => {
    vi.stubGlobal(
      'fetch',
      createFetchStub({ [`GET ${PATH}`]: () => json(410, { message: 'Este link de descadastro expirou.' }) })
        .fetch,
    );
    const { unmount } = renderWithProviders(<UnsubscribeRoute />, {
      url: `/descadastrar?token=${encodeURIComponent(TOKEN)}`,
    });
    expect(await screen.findByText('Este link de descadastro expirou.')).toBeTruthy();
    unmount();
    renderWithProviders(<UnsubscribeRoute />, { url: '/descadastrar' });
    expect(screen.getByText(/link de descadastro está incompleto/)).toBeTruthy();
  });
});
