import type { ImageKind } from './strip-metadata';

/**
 * What the masking tools accept: JPG, PNG and GIF images and MP4 and MPEG videos, told apart by
 * the file's first bytes (never its name or the type the browser guesses). Anything else is 'Arquivo Inválido'.
 */
export type MediaKind = ImageKind | 'mp4' | 'mpeg';

export const MEDIA_LABEL: Record<MediaKind, string> = {
  jpeg: 'imagem JPG',
  png: 'imagem PNG',
  gif: 'imagem GIF',
  mp4: 'vídeo MP4',
  mpeg: 'vídeo MPEG',
};

export const IMAGE_EXTENSION: Record<ImageKind, string> = { jpeg: 'jpg', png: 'png', gif: 'gif' };

/** Files are read in this tab's memory: a bound keeps a huge file from freezing it. */
export const MASKER_MAX_BYTES = 100 * 1024 * 1024;

export const INVALID_FILE_TITLE = 'Arquivo Inválido';
export const INVALID_MEDIA_MESSAGE = 'Escolha uma imagem JPG, PNG ou GIF ou um vídeo MP4 ou MPEG.';
export const INVALID_IMAGE_MESSAGE = 'Escolha uma imagem JPG, PNG ou GIF.';
export const TOO_LARGE_MESSAGE = 'O arquivo deve ter no máximo 100MB.';
export const IMAGES_REQUIRED_TITLE = 'Imagens Obrigatórias';
export const IMAGES_REQUIRED_MESSAGE = 'Escolha as duas imagens antes de continuar.';

/** The kind of media in these first bytes (at least 12), or null. */
export function sniffMedia(head: Uint8Array): MediaKind | null {
  const at = (i: number) => head[i] ?? -1;
  const text = (start: number, length: number) =>
    String.fromCharCode(...head.subarray(start, start + length));
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpeg';
  if (
    at(0) === 0x89 &&
    text(1, 3) === 'PNG' &&
    at(4) === 0x0d &&
    at(5) === 0x0a &&
    at(6) === 0x1a &&
    at(7) === 0x0a
  )
    return 'png';
  if (text(0, 6) === 'GIF87a' || text(0, 6) === 'GIF89a') return 'gif';
  // ISO base media: 'ftyp' box first. QuickTime ('qt  ') is MOV, which the masker does not list.
  if (text(4, 4) === 'ftyp' && text(8, 4) !== 'qt  ') return 'mp4';
  // MPEG program stream pack header or video sequence header.
  if (at(0) === 0 && at(1) === 0 && at(2) === 1 && (at(3) === 0xba || at(3) === 0xb3)) return 'mpeg';
  return null;
}

/** Reads part of a file as bytes (FileReader: works wherever File does). */
export function readBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('Não foi possível ler o arquivo.'));
    reader.readAsArrayBuffer(blob);
  });
}

export type CheckedFile = { ok: true; kind: MediaKind } | { ok: false; title: string; message: string };

/** Checks a chosen file: an accepted kind (images only when `imagesOnly`) and not larger than the bound. */
export async function checkMediaFile(file: File, { imagesOnly = false } = {}): Promise<CheckedFile> {
  const invalid = {
    ok: false as const,
    title: INVALID_FILE_TITLE,
    message: imagesOnly ? INVALID_IMAGE_MESSAGE : INVALID_MEDIA_MESSAGE,
  };
  if (file.size === 0) return invalid;
  if (file.size > MASKER_MAX_BYTES)
    return { ok: false, title: 'Arquivo muito grande', message: TOO_LARGE_MESSAGE };
  const kind = sniffMedia(await readBytes(file.slice(0, 16)));
  if (!kind || (imagesOnly && (kind === 'mp4' || kind === 'mpeg'))) return invalid;
  return { ok: true, kind };
}

export const isImageKind = (kind: MediaKind): kind is ImageKind =>
  kind === 'jpeg' || kind === 'png' || kind === 'gif';

/** 'foto.final.jpeg' -> 'foto.final-sem-metadados.jpg'. */
export function cleanFileName(name: string, kind: ImageKind): string {
  const base = name.replace(/\.[^.]*$/, '').trim() || 'imagem';
  return `${base}-sem-metadados.${IMAGE_EXTENSION[kind]}`;
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${kb.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} KB`;
  return `${(kb / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
}

/** An image's width and height from its header, or null when the header cannot be read. */
export function imageDimensions(
  bytes: Uint8Array,
  kind: ImageKind,
): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === 'png')
    return bytes.length >= 24 ? { width: view.getUint32(16), height: view.getUint32(20) } : null;
  if (kind === 'gif')
    return bytes.length >= 10 ? { width: view.getUint16(6, true), height: view.getUint16(8, true) } : null;
  // JPEG: the first start-of-frame segment (SOF0-SOF15 but DHT C4, JPG C8 and DAC CC) holds the size.
  let pos = 2;
  while (pos + 9 < bytes.length && bytes[pos] === 0xff) {
    const marker = bytes[pos + 1] as number;
    const length = view.getUint16(pos + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { width: view.getUint16(pos + 7), height: view.getUint16(pos + 5) };
    if (marker === 0xda || length < 2) return null;
    pos += 2 + length;
  }
  return null;
}
