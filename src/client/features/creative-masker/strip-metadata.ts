import { orientationOnlyExif, summariseExif } from './exif-summary';

/**
 * Removes an image's metadata without touching its pixels: the JPEG, PNG or GIF is rewritten block by block,
 * dropping the blocks that carry EXIF (device, date, GPS location, author), XMP, IPTC, comments, text chunks
 * and anything after the image's end marker, and keeping what the picture needs (quantisation and Huffman
 * tables, colour profile, palette, animation). Works on bytes in the browser; nothing is uploaded.
 */
export type ImageKind = 'jpeg' | 'png' | 'gif';

export interface StripResult {
  bytes: Uint8Array;
  /** What was removed, in pt-BR, one line per kind of data (empty when the image had none). */
  removed: string[];
  /** Notes on what was kept on purpose, e.g. the photo's orientation. */
  kept: string[];
}

export class CorruptImageError extends Error {
  constructor() {
    super('Não foi possível ler esta imagem: o arquivo parece estar corrompido.');
    this.name = 'CorruptImageError';
  }
}

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

const startsWith = (bytes: Uint8Array, at: number, text: string) =>
  at + text.length <= bytes.length && ascii(bytes, at, text.length) === text;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Adds `line` once. */
function note(list: string[], line: string) {
  if (!list.includes(line)) list.push(line);
}

const EXIF_GENERIC = 'Dados EXIF (configurações da câmera e miniatura)';
const TRAILING = 'Dados escondidos depois do fim da imagem';

// --- JPEG -------------------------------------------------------------------------------------------------

const JPEG_APP0 = 0xe0;
const JPEG_APP1 = 0xe1;
const JPEG_APP2 = 0xe2;
const JPEG_APP13 = 0xed;
const JPEG_APP14 = 0xee;
const JPEG_COM = 0xfe;
const JPEG_SOS = 0xda;
const JPEG_EOI = 0xd9;

/** The end of the entropy-coded data that follows an SOS header: the next marker that is not RSTn or a stuffed 0. */
function scanEnd(bytes: Uint8Array, from: number): number {
  for (let i = from; i < bytes.length - 1; i++) {
    if (bytes[i] !== 0xff) continue;
    const next = bytes[i + 1] as number;
    if (next === 0 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) continue;
    return i;
  }
  return bytes.length;
}

function stripJpeg(bytes: Uint8Array): StripResult {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new CorruptImageError();
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  const removed: string[] = [];
  const kept: string[] = [];
  let orientation: number | undefined;
  let pos = 2;
  let ended = false;
  while (pos < bytes.length) {
    if (bytes[pos] !== 0xff) throw new CorruptImageError();
    let marker = bytes[pos + 1] as number;
    // Fill bytes: any number of 0xFF before a marker.
    while (marker === 0xff && pos + 2 < bytes.length) marker = bytes[++pos + 1] as number;
    if (marker === JPEG_EOI) {
      parts.push(bytes.subarray(pos, pos + 2));
      pos += 2;
      ended = true;
      break;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      parts.push(bytes.subarray(pos, pos + 2));
      pos += 2;
      continue;
    }
    if (pos + 4 > bytes.length) throw new CorruptImageError();
    const length = ((bytes[pos + 2] as number) << 8) | (bytes[pos + 3] as number);
    const end = pos + 2 + length;
    if (length < 2 || end > bytes.length) throw new CorruptImageError();
    const body = pos + 4;
    let keep = true;
    if (marker === JPEG_APP1) {
      keep = false;
      if (startsWith(bytes, body, 'Exif\0\0')) {
        const summary = summariseExif(bytes.subarray(body + 6, end));
        for (const finding of summary.findings) note(removed, finding);
        note(removed, EXIF_GENERIC);
        orientation ??= summary.orientation;
      } else if (
        startsWith(bytes, body, 'http://ns.adobe.com/xap/1.0/') ||
        startsWith(bytes, body, 'http://ns.adobe.com/xmp/extension/')
      ) {
        note(removed, 'XMP (autoria, histórico de edição, programa usado)');
      } else {
        note(removed, 'Outros blocos de metadados');
      }
    } else if (marker === JPEG_APP13) {
      keep = false;
      note(removed, 'IPTC/Photoshop (legenda, autor, palavras-chave)');
    } else if (marker === JPEG_COM) {
      keep = false;
      note(removed, 'Comentários');
    } else if (marker === JPEG_APP0) {
      // JFIF (pixel density) stays; a JFXX extension carries a thumbnail.
      keep = startsWith(bytes, body, 'JFIF\0');
      if (!keep) note(removed, 'Miniatura (JFXX)');
    } else if (marker === JPEG_APP2) {
      // The ICC colour profile is needed to show the colours right; MPF indexes extra pictures.
      keep = startsWith(bytes, body, 'ICC_PROFILE\0');
      if (!keep) note(removed, 'Outros blocos de metadados');
    } else if (marker > JPEG_APP2 && marker <= 0xef && marker !== JPEG_APP14) {
      keep = false;
      note(removed, 'Outros blocos de metadados');
    }
    if (keep) parts.push(bytes.subarray(pos, end));
    pos = end;
    if (marker === JPEG_SOS) {
      const dataEnd = scanEnd(bytes, pos);
      parts.push(bytes.subarray(pos, dataEnd));
      pos = dataEnd;
    }
  }
  if (!ended) throw new CorruptImageError();
  if (pos < bytes.length) note(removed, TRAILING);
  if (orientation && orientation !== 1) {
    // Without it a portrait photo would show lying down: keep an EXIF block that holds nothing else.
    const exif = orientationOnlyExif(orientation);
    const header = new Uint8Array([0xff, JPEG_APP1, (exif.length + 2) >> 8, (exif.length + 2) & 0xff]);
    const afterApp0 = parts[1] && parts[1][1] === JPEG_APP0 ? 2 : 1;
    parts.splice(afterApp0, 0, header, exif);
    kept.push('A orientação da foto (para ela não aparecer girada)');
  }
  return { bytes: concat(parts), removed, kept };
}

// --- PNG --------------------------------------------------------------------------------------------------

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function stripPng(bytes: Uint8Array): StripResult {
  if (!PNG_SIGNATURE.every((b, i) => bytes[i] === b)) throw new CorruptImageError();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: Uint8Array[] = [bytes.subarray(0, 8)];
  const removed: string[] = [];
  const textKeys: string[] = [];
  let pos = 8;
  let ended = false;
  while (pos + 12 <= bytes.length) {
    const length = view.getUint32(pos);
    const type = ascii(bytes, pos + 4, 4);
    const end = pos + 12 + length;
    if (end > bytes.length) throw new CorruptImageError();
    const data = bytes.subarray(pos + 8, pos + 8 + length);
    let keep = true;
    if (type === 'tEXt' || type === 'zTXt' || type === 'iTXt') {
      keep = false;
      const nul = data.indexOf(0);
      const key = ascii(data, 0, Math.min(nul < 0 ? data.length : nul, 79)).replace(/[^\x20-\x7e]/g, '');
      if (key === 'XML:com.adobe.xmp') note(removed, 'XMP (autoria, histórico de edição, programa usado)');
      else if (key && !textKeys.includes(key)) textKeys.push(key);
    } else if (type === 'eXIf') {
      keep = false;
      for (const finding of summariseExif(data).findings) note(removed, finding);
      note(removed, EXIF_GENERIC);
    } else if (type === 'tIME') {
      keep = false;
      note(removed, 'Data da última modificação');
    } else if (type === 'dSIG') {
      keep = false;
      note(removed, 'Assinatura digital');
    }
    if (keep) parts.push(bytes.subarray(pos, end));
    pos = end;
    if (type === 'IEND') {
      ended = true;
      break;
    }
  }
  if (!ended) throw new CorruptImageError();
  if (textKeys.length > 0) removed.unshift(`Textos embutidos (${textKeys.join(', ')})`);
  if (pos < bytes.length) note(removed, TRAILING);
  return { bytes: concat(parts), removed, kept: [] };
}

// --- GIF --------------------------------------------------------------------------------------------------

/** The end of a run of GIF data sub-blocks starting at `pos` (after the 0 terminator). */
function subBlocksEnd(bytes: Uint8Array, pos: number): number {
  let at = pos;
  while (at < bytes.length) {
    const size = bytes[at] as number;
    at += 1 + size;
    if (size === 0) return at;
  }
  throw new CorruptImageError();
}

function stripGif(bytes: Uint8Array): StripResult {
  if (!startsWith(bytes, 0, 'GIF87a') && !startsWith(bytes, 0, 'GIF89a')) throw new CorruptImageError();
  if (bytes.length < 13) throw new CorruptImageError();
  const packed = bytes[10] as number;
  let pos = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);
  const parts: Uint8Array[] = [bytes.subarray(0, pos)];
  const removed: string[] = [];
  let ended = false;
  while (pos < bytes.length) {
    const introducer = bytes[pos];
    if (introducer === 0x3b) {
      parts.push(bytes.subarray(pos, pos + 1));
      pos += 1;
      ended = true;
      break;
    }
    if (introducer === 0x2c) {
      if (pos + 10 > bytes.length) throw new CorruptImageError();
      const local = bytes[pos + 9] as number;
      const tableEnd = pos + 10 + (local & 0x80 ? 3 * 2 ** ((local & 7) + 1) : 0);
      const end = subBlocksEnd(bytes, tableEnd + 1); // +1: the LZW minimum code size
      parts.push(bytes.subarray(pos, end));
      pos = end;
    } else if (introducer === 0x21) {
      const label = bytes[pos + 1];
      const end = subBlocksEnd(bytes, pos + 2);
      let keep = true;
      if (label === 0xfe) {
        keep = false;
        note(removed, 'Comentários');
      } else if (label === 0xff) {
        // Application blocks: the looping ones stay, XMP and any other go.
        const id = bytes[pos + 2] === 11 ? ascii(bytes, pos + 3, 11) : '';
        keep = id === 'NETSCAPE2.0' || id === 'ANIMEXTS1.0';
        if (!keep)
          note(
            removed,
            id === 'XMP DataXMP'
              ? 'XMP (autoria, histórico de edição, programa usado)'
              : 'Outros blocos de metadados',
          );
      }
      if (keep) parts.push(bytes.subarray(pos, end));
      pos = end;
    } else {
      throw new CorruptImageError();
    }
  }
  if (!ended) throw new CorruptImageError();
  if (pos < bytes.length) note(removed, TRAILING);
  return { bytes: concat(parts), removed, kept: [] };
}

/** The image without its metadata. Throws CorruptImageError when the structure cannot be followed. */
export function stripImageMetadata(bytes: Uint8Array, kind: ImageKind): StripResult {
  if (kind === 'jpeg') return stripJpeg(bytes);
  if (kind === 'png') return stripPng(bytes);
  return stripGif(bytes);
}
