import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  checkMediaFile,
  cleanFileName,
  INVALID_IMAGE_MESSAGE,
  INVALID_MEDIA_MESSAGE,
  imageDimensions,
  MASKER_MAX_BYTES,
  sniffMedia,
} from './media-file';
import { fileOf, jpegWithMetadata, MP4_HEAD, plainPng } from './test-files';

const bytes = (...values: number[]) => new Uint8Array([...values, ...new Array(16).fill(0)]);
const text = (s: string) => new Uint8Array([...s].map((c) => c.charCodeAt(0)));

describe('sniffMedia', () => {
  it('tells the accepted kinds by their first bytes', async () => {
    expect(sniffMedia(await jpegWithMetadata())).toBe('jpeg');
    expect(sniffMedia(await plainPng())).toBe('png');
    expect(sniffMedia(text('GIF89a\0\0\0\0\0\0'))).toBe('gif');
    expect(sniffMedia(text('GIF87a\0\0\0\0\0\0'))).toBe('gif');
    expect(sniffMedia(MP4_HEAD)).toBe('mp4');
    expect(sniffMedia(bytes(0, 0, 1, 0xba))).toBe('mpeg');
    expect(sniffMedia(bytes(0, 0, 1, 0xb3))).toBe('mpeg');
  });

  it('refuses everything else, MOV, SVG, WebP and HTML included', () => {
    expect(sniffMedia(text('\0\0\0\x14ftypqt  \0\0\0\0'))).toBeNull();
    expect(sniffMedia(text('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffMedia(text('RIFF\0\0\0\0WEBPVP8 '))).toBeNull();
    expect(sniffMedia(text('<!doctype html><script>'))).toBeNull();
    expect(sniffMedia(new Uint8Array())).toBeNull();
  });
});

describe('checkMediaFile', () => {
  it('goes by the bytes, not by the name or the type the browser claims', async () => {
    const png = await plainPng();
    expect(await checkMediaFile(fileOf(png, 'foto.mp4', 'video/mp4'))).toEqual({ ok: true, kind: 'png' });
    expect(await checkMediaFile(fileOf('<html></html>', 'foto.jpg', 'image/jpeg'))).toEqual({
      ok: false,
      title: 'Arquivo Inválido',
      message: INVALID_MEDIA_MESSAGE,
    });
  });

  it('accepts videos for the masker and refuses them where only images go (the hider)', async () => {
    expect(await checkMediaFile(fileOf(MP4_HEAD, 'v.mp4'))).toEqual({ ok: true, kind: 'mp4' });
    expect(await checkMediaFile(fileOf(MP4_HEAD, 'v.mp4'), { imagesOnly: true })).toEqual({
      ok: false,
      title: 'Arquivo Inválido',
      message: INVALID_IMAGE_MESSAGE,
    });
  });

  it('refuses an empty file and one over the size bound', async () => {
    expect((await checkMediaFile(fileOf('', 'vazio.png'))).ok).toBe(false);
    const big = fileOf(await plainPng(), 'grande.png');
    Object.defineProperty(big, 'size', { value: MASKER_MAX_BYTES + 1 });
    expect(await checkMediaFile(big)).toEqual({
      ok: false,
      title: 'Arquivo muito grande',
      message: 'O arquivo deve ter no máximo 100MB.',
    });
  });
});

describe('imageDimensions and cleanFileName', () => {
  it('reads the size from JPEG, PNG and GIF headers', async () => {
    expect(imageDimensions(await jpegWithMetadata(), 'jpeg')).toEqual({ width: 20, height: 10 });
    expect(imageDimensions(await plainPng(), 'png')).toEqual({ width: 8, height: 6 });
    const gif = await sharp({ create: { width: 9, height: 4, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    expect(imageDimensions(new Uint8Array(gif), 'gif')).toEqual({ width: 9, height: 4 });
    expect(imageDimensions(new Uint8Array([0xff, 0xd8]), 'jpeg')).toBeNull();
  });

  it('names the clean copy after the original with the real extension', () => {
    expect(cleanFileName('criativo.final.JPEG', 'jpeg')).toBe('criativo.final-sem-metadados.jpg');
    expect(cleanFileName('.png', 'png')).toBe('imagem-sem-metadados.png');
    expect(cleanFileName('sem-extensao', 'gif')).toBe('sem-extensao-sem-metadados.gif');
  });
});
