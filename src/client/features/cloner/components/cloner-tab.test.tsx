import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CLONE_URL_INVALID,
  CLONE_URL_REQUIRED,
  cloneWebsiteResponse,
} from '../../../../shared/schemas/cloner';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import ClonerTab, { CLONE_CAUSES } from './cloner-tab';

/** An answer of POST /api/clone-website, checked against the shared response schema. */
const answer =
  (body: unknown, status = 200) =>
  () =>
    json(status, cloneWebsiteResponse.parse(body));

function stubApi(handler: () => Response) {
  const stub = createFetchStub({ 'POST /api/clone-website': handler });
  vi.stubGlobal('fetch', stub.fetch);
  return stub;
}

const urlInput = () => screen.getByLabelText('URL do site');
const cloneButton = () => screen.getByRole('button', { name: /Clonar Site|Clonando site/ });

afterEach(() => vi.unstubAllGlobals());

describe('ClonerTab', () => {
  it('is disabled while blank, clones, offers the ZIP and clears everything', async () => {
    const stub = stubApi(
      answer({
        success: true,
        downloadUrl: '/api/clones/0b0e6c1e-1111-4222-8333-444455556666/download',
        error: '',
        fileName: 'loja.exemplo.com.br-oferta-2026-11-26.zip',
        fileCount: 12,
      }),
    );
    renderWithProviders(<ClonerTab />);
    expect((cloneButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Sem https:\/\/, tentamos https e depois http\./)).toBeTruthy();
    // Where the ZIP works: a domain root, any sub-folder; from disk, what the browser blocks.
    expect(
      screen.getByText(/na raiz do domínio \(seusite\.com\/\) ou numa subpasta \(seusite\.com\/lp\/\)/),
    ).toBeTruthy();
    expect(
      screen.getByText(/o navegador bloqueia os dados e os módulos que os scripts carregam/),
    ).toBeTruthy();
    // Without a scheme, as typed: the server tries https, then http.
    fireEvent.change(urlInput(), { target: { value: '  loja.exemplo.com.br/oferta  ' } });
    fireEvent.click(cloneButton());
    const success = await screen.findByText('O arquivo ZIP está pronto para download', { exact: false });
    expect(stub.calls).toEqual([
      { method: 'POST', path: '/api/clone-website', body: { url: 'loja.exemplo.com.br/oferta' } },
    ]);
    const link = within(success.closest('[role="status"]') as HTMLElement).getByRole('link', {
      name: 'Baixar ZIP',
    });
    expect(link.getAttribute('href')).toBe('/api/clones/0b0e6c1e-1111-4222-8333-444455556666/download');
    expect(link.getAttribute('download')).toBe('loja.exemplo.com.br-oferta-2026-11-26.zip');
    expect(screen.getByText('loja.exemplo.com.br-oferta-2026-11-26.zip')).toBeTruthy();
    expect(await screen.findByText('Site clonado com sucesso!', { selector: '[data-title]' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    expect((urlInput() as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('link', { name: 'Baixar ZIP' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Limpar' })).toBeNull();
    expect(stub.unexpected).toEqual([]);
  });

  it('shows the server error in a toast and in the panel with the causes; a new clone clears it', async () => {
    let calls = 0;
    const stub = stubApi(() => {
      calls++;
      return calls === 1
        ? answer({
            success: false,
            downloadUrl: '',
            error: 'O site requer login para mostrar esta página.',
          })()
        : answer({ success: false, downloadUrl: '', error: '' })();
    });
    renderWithProviders(<ClonerTab />);
    fireEvent.change(urlInput(), { target: { value: 'https://membros.exemplo.com/' } });
    fireEvent.click(cloneButton());
    const panel = (await screen.findByText('Erro ao Clonar Site')).closest('[role="alert"]') as HTMLElement;
    expect(within(panel).getByText('O site requer login para mostrar esta página.')).toBeTruthy();
    for (const cause of CLONE_CAUSES) expect(within(panel).getByText(cause)).toBeTruthy();
    expect(
      await screen.findByText('O site requer login para mostrar esta página.', {
        selector: '[data-description]',
      }),
    ).toBeTruthy();

    fireEvent.click(cloneButton());
    expect(await screen.findByText('Erro ao clonar o site', { selector: 'p' })).toBeTruthy();
    expect(screen.queryByText('O site requer login para mostrar esta página.', { selector: 'p' })).toBeNull();
    expect(stub.unexpected).toEqual([]);
  });

  it("shows the message of a refused request (the server's 400), and validates the URL before calling", async () => {
    const stub = stubApi(() =>
      json(400, { message: 'Endereço não permitido: a URL aponta para uma rede interna.' }),
    );
    renderWithProviders(<ClonerTab />);
    fireEvent.change(urlInput(), { target: { value: 'exemplo' } });
    fireEvent.submit(urlInput().closest('form') as HTMLFormElement);
    expect(await screen.findByText(CLONE_URL_INVALID, { selector: '[data-description]' })).toBeTruthy();
    fireEvent.change(urlInput(), { target: { value: '   ' } });
    fireEvent.submit(urlInput().closest('form') as HTMLFormElement);
    expect(await screen.findByText(CLONE_URL_REQUIRED, { selector: '[data-description]' })).toBeTruthy();
    expect(stub.calls).toEqual([]);

    fireEvent.change(urlInput(), { target: { value: 'http://10.0.0.1/' } });
    fireEvent.click(cloneButton());
    const panel = (await screen.findByText('Erro ao Clonar Site')).closest('[role="alert"]') as HTMLElement;
    await waitFor(() =>
      expect(
        within(panel).getByText('Endereço não permitido: a URL aponta para uma rede interna.'),
      ).toBeTruthy(),
    );
    expect(stub.unexpected).toEqual([]);
  });
});
