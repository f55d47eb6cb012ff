import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import BannersTab from './banners-tab';

const MB = 1024 * 1024;
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'banner.png', { type: 'image/png' });
const NONE = { hasActiveBanner: false, banner: null };
const ACTIVE = {
  hasActiveBanner: true,
  banner: { id: 'b1', imageUrl: '/uploads/banners/b1.png', link: 'https://promo.com' },
};

function setup(routes: Record<string, (body: unknown) => Response>) {
  const stub = createFetchStub({ 'GET /api/admin/banners': () => json(200, NONE), ...routes });
  vi.stubGlobal('fetch', stub.fetch);
  renderWithProviders(<BannersTab />, { url: '/admin' });
  return stub;
}
const choose = (file: File) =>
  fireEvent.change(screen.getByTestId('banner-input'), { target: { files: [file] } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Salvar banner' }));

beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:banner');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("admin 'Banners' tab", () => {
  it("shows 'Nenhum banner ativo' and the recommended size", async () => {
    setup({});
    expect(await screen.findByText('Nenhum banner ativo')).toBeTruthy();
    expect(screen.getByText('Recomendado: 1920x328 px')).toBeTruthy();
  });

  it("requires a file: 'Arquivo obrigatório'", async () => {
    const stub = setup({});
    await screen.findByText('Nenhum banner ativo');
    save();
    expect(await screen.findByText('Arquivo obrigatório')).toBeTruthy();
    expect(
      (await screen.findAllByText('Por favor, selecione uma imagem para o banner.')).length,
    ).toBeGreaterThan(0);
    expect(stub.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("refuses other formats with 'Formato inválido' and big files with the 5MB message", async () => {
    const stub = setup({});
    choose(new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Formato inválido')).toBeTruthy();
    expect(
      (await screen.findAllByText('Apenas arquivos JPG, PNG e WebP são aceitos.')).length,
    ).toBeGreaterThan(0);
    choose(new File([new Uint8Array(5 * MB + 1)], 'grande.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('Arquivo muito grande')).toBeTruthy();
    expect(screen.queryByAltText('Pré-visualização do banner')).toBeNull();
    expect(stub.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('refuses a link that is not http(s)', async () => {
    const stub = setup({});
    choose(png());
    fireEvent.change(screen.getByLabelText('Link (opcional)'), { target: { value: 'javascript:alert(1)' } });
    save();
    expect(await screen.findByText('O link do banner deve ser uma URL válida (http ou https).')).toBeTruthy();
    expect(stub.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('answers a missing file and a bad link on the same save, and takes the link message away once fixed', async () => {
    const stub = setup({});
    await screen.findByText('Nenhum banner ativo');
    const link = screen.getByLabelText('Link (opcional)');
    fireEvent.change(link, { target: { value: 'ftp://promo.com' } });
    save();
    const message = 'O link do banner deve ser uma URL válida (http ou https).';
    expect(await screen.findByText(message)).toBeTruthy();
    expect(await screen.findByText('Arquivo obrigatório')).toBeTruthy();
    expect(link.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(link);
    // After a refused save the link is checked as it changes (react-hook-form's re-validation).
    fireEvent.change(link, { target: { value: 'https://promo.com' } });
    await waitFor(() => expect(screen.queryByText(message)).toBeNull());
    expect(link.getAttribute('aria-invalid')).toBeNull();
    expect(stub.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('previews, uploads, then saves the banner with its link', async () => {
    let saved = false;
    const stub = setup({
      'GET /api/admin/banners': () => json(200, saved ? ACTIVE : NONE),
      'POST /api/uploads/banner': () => json(201, { url: '/uploads/banners/b1.png', kind: 'image' }),
      'POST /api/admin/banners': () => {
        saved = true;
        return json(201, ACTIVE.banner);
      },
    });
    choose(png());
    expect(screen.getByAltText('Pré-visualização do banner')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Link (opcional)'), { target: { value: 'https://promo.com' } });
    save();
    expect(await screen.findByText('Banner salvo')).toBeTruthy();
    const upload = stub.calls.find((c) => c.path === '/api/uploads/banner');
    expect((upload!.body as FormData).get('file')).toBeInstanceOf(File);
    expect(stub.calls.find((c) => c.path === '/api/admin/banners' && c.method === 'POST')?.body).toEqual({
      imagePath: '/uploads/banners/b1.png',
      link: 'https://promo.com',
    });
    expect(await screen.findByAltText('Banner ativo')).toBeTruthy();
    expect(screen.getByRole('link', { name: /promo\.com/ }).getAttribute('href')).toBe('https://promo.com');
    expect(stub.unexpected).toEqual([]);
  });

  it('omits an empty link', async () => {
    const stub = setup({
      'POST /api/uploads/banner': () => json(201, { url: '/uploads/banners/b2.png', kind: 'image' }),
      'POST /api/admin/banners': () =>
        json(201, { id: 'b2', imageUrl: '/uploads/banners/b2.png', link: null }),
    });
    choose(png());
    save();
    expect(await screen.findByText('Banner salvo')).toBeTruthy();
    expect(stub.calls.find((c) => c.path === '/api/admin/banners' && c.method === 'POST')?.body).toEqual({
      imagePath: '/uploads/banners/b2.png',
    });
  });

  it("says 'Erro no upload' when the upload fails and 'Erro ao salvar banner' when saving fails", async () => {
    let uploadFails = true;
    const stub = setup({
      'POST /api/uploads/banner': () =>
        uploadFails
          ? json(415, { message: 'Apenas arquivos JPG, PNG e WebP são aceitos.' })
          : json(201, { url: '/uploads/banners/b3.png', kind: 'image' }),
      'POST /api/admin/banners': () => json(400, { message: 'Imagem do banner inválida' }),
    });
    choose(png());
    save();
    expect(await screen.findByText('Erro no upload')).toBeTruthy();
    expect(stub.calls.some((c) => c.path === '/api/admin/banners' && c.method === 'POST')).toBe(false);
    uploadFails = false;
    save();
    expect(await screen.findByText('Erro ao salvar banner')).toBeTruthy();
  });

  it("removes the active banner with 'Banner removido'", async () => {
    let removed = false;
    setup({
      'GET /api/admin/banners': () => json(200, removed ? NONE : ACTIVE),
      'DELETE /api/admin/banners/b1': () => {
        removed = true;
        return json(200, { message: 'Banner removido' });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remover banner' }));
    expect(await screen.findByText('Banner removido')).toBeTruthy();
    expect(await screen.findByText('Nenhum banner ativo')).toBeTruthy();
  });

  it("says 'Erro ao remover banner' when removal fails", async () => {
    setup({
      'GET /api/admin/banners': () => json(200, ACTIVE),
      'DELETE /api/admin/banners/b1': () => json(500, { message: 'Erro interno' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remover banner' }));
    expect(await screen.findByText('Erro ao remover banner')).toBeTruthy();
  });
});
