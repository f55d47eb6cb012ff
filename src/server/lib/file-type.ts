/** File types recognised from their first bytes; the name and the client's declared type are never trusted. */
export type DetectedType = { mime: string; ext: string; kind: 'image' | 'video' };

export function detectFileType(buf: Buffer): DetectedType | null {
  const at = (offset: number, bytes: number[]) => bytes.every((b, i) => buf[offset + i] === b);
  const ascii = (offset: number, text: string) =>
    buf.subarray(offset, offset + text.length).toString('latin1') === text;
  if (buf.length < 12) return null;
  if (at(0, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg', kind: 'image' };
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', ext: 'png', kind: 'image' };
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return { mime: 'image/gif', ext: 'gif', kind: 'image' };
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return { mime: 'image/webp', ext: 'webp', kind: 'image' };
  if (ascii(4, 'ftyp')) {
    const brand = buf.subarray(8, 12).toString('latin1');
    if (brand === 'qt  ') return { mime: 'video/quicktime', ext: 'mov', kind: 'video' };
    if (/^(avif|avis|heic|heix|mif1|msf1)$/.test(brand)) return null;
    return { mime: 'video/mp4', ext: 'mp4', kind: 'video' };
  }
  if (at(0, [0x00, 0x00, 0x01, 0xba]) || at(0, [0x00, 0x00, 0x01, 0xb3]))
    return { mime: 'video/mpeg', ext: 'mpg', kind: 'video' };
  return null;
}

/** The content type of a stored file by its extension (uploads served, files restored to S3). */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mpg: 'video/mpeg',
  zip: 'application/zip',
};
export const contentTypeOfExtension = (ext: string) => CONTENT_TYPES[ext] ?? 'application/octet-stream';
