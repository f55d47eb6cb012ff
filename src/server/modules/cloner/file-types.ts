import { detectFileType } from '../../lib/file-type';
import type { Captured } from './resource-collector';

/**
 * The type of each archived file and the extension its name must end with, so that a static host that reads the
 * type from the extension alone (nginx, S3, GitHub Pages: unknown or none is application/octet-stream, often with
 * nosniff) serves it as the site did. `ext` is the extension a file of that type gets; `also` are other extensions
 * that already name it (kept as written). `.js` for every script: nginx's frozen mime.types has no `.mjs`.
 */
interface KnownType {
  ext: string;
  also?: string[];
  /** The browser reads this kind by its bytes (images, fonts, audio and video), whatever the header says. */
  sniffed?: boolean;
}

const TYPES: Record<string, KnownType> = {
  'text/html': { ext: '.html', also: ['.htm'] },
  'application/xhtml+xml': { ext: '.xhtml' },
  'text/css': { ext: '.css' },
  'text/javascript': { ext: '.js' },
  'application/json': { ext: '.json', also: ['.map'] },
  'application/manifest+json': { ext: '.json', also: ['.webmanifest'] },
  'application/xml': { ext: '.xml' },
  'image/svg+xml': { ext: '.svg' },
  'image/png': { ext: '.png', also: ['.apng'], sniffed: true },
  'image/jpeg': { ext: '.jpg', also: ['.jpeg', '.jpe', '.jfif'], sniffed: true },
  'image/gif': { ext: '.gif', sniffed: true },
  'image/webp': { ext: '.webp', sniffed: true },
  'image/avif': { ext: '.avif', sniffed: true },
  'image/x-icon': { ext: '.ico', sniffed: true },
  'image/bmp': { ext: '.bmp', sniffed: true },
  'image/tiff': { ext: '.tif', also: ['.tiff'], sniffed: true },
  'font/woff2': { ext: '.woff2', sniffed: true },
  'font/woff': { ext: '.woff', sniffed: true },
  'font/ttf': { ext: '.ttf', sniffed: true },
  'font/otf': { ext: '.otf', sniffed: true },
  'application/vnd.ms-fontobject': { ext: '.eot', sniffed: true },
  'video/mp4': { ext: '.mp4', also: ['.m4v'], sniffed: true },
  'video/webm': { ext: '.webm', sniffed: true },
  'video/ogg': { ext: '.ogv', sniffed: true },
  'video/quicktime': { ext: '.mov', sniffed: true },
  'video/mpeg': { ext: '.mpg', also: ['.mpeg'], sniffed: true },
  'audio/mpeg': { ext: '.mp3', sniffed: true },
  'audio/ogg': { ext: '.ogg', also: ['.oga', '.opus'], sniffed: true },
  'audio/wav': { ext: '.wav', sniffed: true },
  'audio/mp4': { ext: '.m4a', sniffed: true },
  'audio/aac': { ext: '.aac', sniffed: true },
  'text/vtt': { ext: '.vtt' },
  'application/vnd.apple.mpegurl': { ext: '.m3u8' },
  'video/mp2t': { ext: '.ts' },
  'application/wasm': { ext: '.wasm' },
  'application/pdf': { ext: '.pdf' },
  'text/csv': { ext: '.csv' },
  'text/plain': { ext: '.txt' },
};

/** Other names of the types above (obsolete or vendor spellings). */
const ALIASES: Record<string, string> = {
  'application/javascript': 'text/javascript',
  'application/x-javascript': 'text/javascript',
  'application/ecmascript': 'text/javascript',
  'application/x-ecmascript': 'text/javascript',
  'text/ecmascript': 'text/javascript',
  'text/x-javascript': 'text/javascript',
  'text/jscript': 'text/javascript',
  'text/json': 'application/json',
  'application/x-json': 'application/json',
  'application/ld+json': 'application/json',
  'text/xml': 'application/xml',
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/x-png': 'image/png',
  'image/apng': 'image/png',
  'image/vnd.microsoft.icon': 'image/x-icon',
  'image/x-ms-bmp': 'image/bmp',
  'application/font-woff2': 'font/woff2',
  'application/x-font-woff2': 'font/woff2',
  'application/font-woff': 'font/woff',
  'application/x-font-woff': 'font/woff',
  'application/x-font-ttf': 'font/ttf',
  'application/x-font-truetype': 'font/ttf',
  'application/font-sfnt': 'font/ttf',
  'font/sfnt': 'font/ttf',
  'font/truetype': 'font/ttf',
  'application/x-font-otf': 'font/otf',
  'application/x-font-opentype': 'font/otf',
  'font/opentype': 'font/otf',
  'audio/mp3': 'audio/mpeg',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/x-m4a': 'audio/mp4',
  'application/x-mpegurl': 'application/vnd.apple.mpegurl',
};

/** Types that say nothing about the file: the bytes or the URL decide. */
const GENERIC = new Set([
  '',
  'application/octet-stream',
  'binary/octet-stream',
  'application/unknown',
  'application/x-unknown',
  'unknown/unknown',
  'application/download',
  'application/x-download',
  'application/force-download',
  'text/plain',
]);

/** Extensions the archive recognises (replaced when the type calls for another); any other is part of the name. */
const KNOWN_EXTENSIONS = new Set([
  ...Object.values(TYPES).flatMap((t) => [t.ext, ...(t.also ?? [])]),
  '.mjs',
  '.cjs',
]);

export const isKnownExtension = (ext: string) => KNOWN_EXTENSIONS.has(ext.toLowerCase());

/** The MIME type of a Content-Type header: no parameters, lower case, aliases resolved. */
export function normalizeMime(contentType: string | undefined): string {
  const mime = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return ALIASES[mime] ?? mime;
}

/**
 * The type the bytes show, among the kinds a browser recognises by content (raster images, fonts, audio and
 * video): the upload checker's signatures (lib/file-type.ts) and those of fonts, icons and other media.
 */
export function sniffType(body: Buffer): string | null {
  const detected = detectFileType(body);
  if (detected) return detected.mime;
  const ascii = (offset: number, text: string) =>
    body.subarray(offset, offset + text.length).toString('latin1') === text;
  const at = (offset: number, bytes: number[]) => bytes.every((b, i) => body[offset + i] === b);
  if (ascii(0, 'wOF2')) return 'font/woff2';
  if (ascii(0, 'wOFF')) return 'font/woff';
  if (ascii(0, 'OTTO')) return 'font/otf';
  if (at(0, [0x00, 0x01, 0x00, 0x00]) || ascii(0, 'true')) return 'font/ttf';
  if (ascii(4, 'ftyp') && /^(avif|avis)$/.test(body.subarray(8, 12).toString('latin1'))) return 'image/avif';
  if (at(0, [0x00, 0x00, 0x01, 0x00]) && body.length > 6 && body[4] !== 0) return 'image/x-icon';
  if (ascii(0, 'BM') && body.length > 26 && body.readUInt32LE(2) === body.length) return 'image/bmp';
  if (at(0, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  if (ascii(0, 'OggS')) return 'audio/ogg';
  if (ascii(0, 'RIFF') && ascii(8, 'WAVE')) return 'audio/wav';
  if (ascii(0, 'ID3') || (body[0] === 0xff && ((body[1] ?? 0) & 0xe0) === 0xe0)) return 'audio/mpeg';
  return null;
}

const isMedia = (mime: string) => mime.startsWith('audio/') || mime.startsWith('video/');

/** The start of an HTML document (a soft-404 page answered for a script, say). */
const looksLikeHtml = (body: Buffer) =>
  /^\s*(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/i.test(body.subarray(0, 256).toString('latin1'));

/** What an answer is in the archive: its type (`''` when nothing tells) and whether that is only the header's word. */
export interface FileType {
  mime: string;
  /** The type is generic and nothing better was found: the URL's own extension is trusted. */
  generic: boolean;
}

/**
 * The type a file is archived as:
 * - the Content-Type, except where the browser itself goes by the bytes: a generic type (octet-stream,
 *   text/plain, none) or an image, font or media type whose bytes are another of those kinds takes the type the
 *   bytes show;
 * - a file the page ran as a classic script, answered with a generic type or as text/html without being HTML
 *   (a PHP-made script, a raw file host) is JavaScript, as the browser took it, unless the answer said nosniff.
 */
export function fileTypeOf(captured: Captured, ranAsScript = false): FileType {
  const declared = normalizeMime(captured.headers['content-type']);
  const generic = GENERIC.has(declared);
  const nosniff = /nosniff/i.test(captured.headers['x-content-type-options'] ?? '');
  if (ranAsScript && !nosniff && (generic || declared === 'text/html') && !looksLikeHtml(captured.body))
    return { mime: 'text/javascript', generic: false };
  if (generic || TYPES[declared]?.sniffed) {
    const sniffed = sniffType(captured.body);
    // Audio and video containers are read by the media player whatever the header says: the header stays.
    const bothMedia = isMedia(declared) && isMedia(sniffed ?? '');
    if (sniffed && TYPES[sniffed] && !bothMedia) return { mime: sniffed, generic: false };
  }
  return { mime: declared, generic };
}

/**
 * The extension a file of this type must end with, or null when `urlExt` (the URL's own, `''` for none) already
 * fits: the type's extension when the URL has none or another; a generic type keeps a URL extension the archive
 * knows, text/plain otherwise gets `.txt` (served as it was), octet-stream stays as named; an unknown type keeps
 * the URL's name.
 */
export function extensionFor(type: FileType, urlExt: string): string | null {
  const lower = urlExt.toLowerCase();
  if (type.generic) {
    if (isKnownExtension(lower)) return null;
    return type.mime === 'text/plain' ? '.txt' : null;
  }
  const known = TYPES[type.mime];
  if (!known) return null;
  if (lower === known.ext || known.also?.includes(lower)) return null;
  return known.ext;
}

export const isHtmlType = (mime: string) => mime === 'text/html' || mime === 'application/xhtml+xml';
export const isCssType = (mime: string) => mime === 'text/css';
export const isScriptType = (mime: string) => mime === 'text/javascript';
export const isJsonType = (mime: string) =>
  mime === 'application/json' || mime === 'application/manifest+json';
/** Text worth compressing in the ZIP. */
export const isTextType = (mime: string) =>
  mime.startsWith('text/') || /json|xml|javascript/.test(mime) || mime === 'image/svg+xml';
