import { fireEvent, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFetchStub } from '../../../testing/render-with-providers';
import { fileOf, jpegWithMetadata, MP4_HEAD, plainPng } from '../test-files';
import ImageHiderTab from './image-hider-tab';

let stub: ReturnType<typeof createFetchStub>;
beforeEach(() => {
  stub = createFetchStub({});
  vi.stubGlobal('fetch', stub.fetch);
});
afterEach(() => vi.unstubAllGlobals());

function renderTab() {
  render(
    <>
      <ImageHiderTab />
      <Toaster />
    </>,
  );
}

const choose = (label: string, file: File) =>
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });

describe('ImageHiderTab', () => {
  it('asks for both images (Imagens Obrigatórias)', async () => {
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Verificar Imagens' }));
    expect(await screen.findByText('Imagens Obrigatórias')).toBeTruthy();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Escolha as duas imagens antes de continuar.',
      'Escolha as duas imagens antes de continuar.',
    ]);

    choose('Imagem principal', fileOf(await plainPng(), 'principal.png'));
    await screen.findByText('principal.png');
    fireEvent.click(screen.getByRole('button', { name: 'Verificar Imagens' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Escolha as duas imagens antes de continuar.',
    );
  });

  it('refuses a video or a non-image in either slot (Arquivo Inválido)', async () => {
    renderTab();
    choose('Segunda imagem', fileOf(MP4_HEAD, 'video.mp4', 'video/mp4'));
    expect((await screen.findByRole('alert')).textContent).toBe('Escolha uma imagem JPG, PNG ou GIF.');
    expect(await screen.findByText('Arquivo Inválido')).toBeTruthy();
  });

  it('checks both images, hides nothing, and offers only the main image without metadata', async () => {
    renderTab();
    choose('Imagem principal', fileOf(await jpegWithMetadata(), 'principal.jpg'));
    choose('Segunda imagem', fileOf(await plainPng(), 'segunda.png'));
    await screen.findByText('segunda.png');
    fireEvent.click(screen.getByRole('button', { name: 'Verificar Imagens' }));
    expect(await screen.findByText(/Nenhuma imagem foi escondida dentro da outra/)).toBeTruthy();
    expect(screen.getByText('Localização (GPS)')).toBeTruthy();
    expect(screen.getByText(/8 × 6 px\. Não tem metadados\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Baixar Imagem Principal' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Baixar.*Segunda/ })).toBeNull();
    expect(stub.calls).toEqual([]);
  });

  it('says which image is broken instead of pretending to have checked it', async () => {
    const photo = await jpegWithMetadata();
    renderTab();
    choose('Imagem principal', fileOf(await plainPng(), 'principal.png'));
    choose('Segunda imagem', fileOf(photo.subarray(0, 50), 'cortada.jpg'));
    await screen.findByText('cortada.jpg');
    fireEvent.click(screen.getByRole('button', { name: 'Verificar Imagens' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Não foi possível ler esta imagem: o arquivo parece estar corrompido.',
    );
    expect(screen.queryByText(/Nenhuma imagem foi escondida/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Baixar Imagem Principal' })).toBeNull();
  });
});
