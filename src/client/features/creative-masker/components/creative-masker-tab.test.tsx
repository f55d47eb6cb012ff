import { fireEvent, render, screen } from '@testing-library/react';
import sharp from 'sharp';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CapturedDownload, captureDownloads } from '../../../testing/capture-downloads';
import { createFetchStub } from '../../../testing/render-with-providers';
import { blobBytes, fileOf, jpegWithMetadata, MP4_HEAD } from '../test-files';
import CreativeMaskerTab from './creative-masker-tab';

let downloads: CapturedDownload[];
let stub: ReturnType<typeof createFetchStub>;
beforeEach(() => {
  downloads = captureDownloads();
  stub = createFetchStub({});
  vi.stubGlobal('fetch', stub.fetch);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderTab() {
  render(
    <>
      <CreativeMaskerTab />
      <Toaster />
    </>,
  );
}

const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText('Arquivo do criativo'), { target: { files: [file] } });

describe('CreativeMaskerTab', () => {
  it('refuses a file that is not an accepted image or video, whatever its name says', async () => {
    renderTab();
    choose(fileOf('<svg xmlns="http://www.w3.org/2000/svg"/>', 'criativo.png', 'image/png'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Escolha uma imagem JPG, PNG ou GIF ou um vídeo MP4 ou MPEG.',
    );
    expect(await screen.findByText('Arquivo Inválido')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remover Metadados' })).toHaveProperty('disabled', true);
  });

  it('removes the metadata of a JPEG, says what it removed and downloads a clean copy', async () => {
    const original = await jpegWithMetadata();
    renderTab();
    choose(fileOf(original, 'foto-do-criativo.jpeg', 'image/jpeg'));
    expect(await screen.findByText('foto-do-criativo.jpeg')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remover Metadados' }));

    expect(await screen.findByText('Localização (GPS)')).toBeTruthy();
    expect(screen.getByText('Aparelho: Apple iPhone 15')).toBeTruthy();
    expect(screen.getByText('Autor: Maria Anunciante')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Baixar Imagem Limpa' }));
    const downloaded = downloads.at(-1);
    expect(downloaded?.name).toBe('foto-do-criativo-sem-metadados.jpg');
    expect(downloaded?.blob.type).toBe('image/jpeg');
    const clean = await blobBytes(downloaded?.blob as Blob);
    const meta = await sharp(clean).metadata();
    expect(meta.exif).toBeUndefined();
    expect(Buffer.from(clean).includes('iPhone')).toBe(false);
    expect(Buffer.from(original).includes('iPhone')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Escolher Outro Arquivo' }));
    expect(screen.getByText('Clique para escolher o arquivo')).toBeTruthy();
    expect(stub.calls).toEqual([]);
  });

  it('accepts a video but says plainly that it is not changed, offering nothing to download', async () => {
    renderTab();
    choose(fileOf(MP4_HEAD, 'video.mp4', 'video/mp4'));
    expect(await screen.findByText('Vídeos não são alterados')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remover Metadados' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Baixar Imagem Limpa' })).toBeNull();
  });

  it('reports a broken image instead of pretending to clean it', async () => {
    const original = await jpegWithMetadata();
    renderTab();
    choose(fileOf(original.subarray(0, 60), 'cortada.jpg'));
    await screen.findByText('cortada.jpg');
    fireEvent.click(screen.getByRole('button', { name: 'Remover Metadados' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Não foi possível ler esta imagem: o arquivo parece estar corrompido.',
    );
    expect(screen.queryByRole('button', { name: 'Baixar Imagem Limpa' })).toBeNull();
  });
});
