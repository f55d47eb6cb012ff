/**
 * Reads the few EXIF fields that say something about a person (where, with what, by whom, when) from a TIFF
 * structure (the body of a JPEG 'Exif' segment or a PNG eXIf chunk), to tell the member what was removed.
 * Every offset is bounds-checked: a broken or hostile structure yields fewer findings, never an exception.
 */
export interface ExifSummary {
  /** Human-readable findings in pt-BR, e.g. 'Localização (GPS)', 'Aparelho: Canon EOS R6'. */
  findings: string[];
  /** The EXIF orientation (1 to 8) when present. */
  orientation?: number;
}

const TAG = {
  make: 0x010f,
  model: 0x0110,
  orientation: 0x0112,
  software: 0x0131,
  dateTime: 0x0132,
  artist: 0x013b,
  copyright: 0x8298,
  exifIfd: 0x8769,
  gpsIfd: 0x8825,
  dateTimeOriginal: 0x9003,
  ownerName: 0xa430,
  serialNumber: 0xa431,
  lensModel: 0xa434,
} as const;

const TYPE_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8 };
const MAX_TEXT = 80;

type Entry = { type: number; count: number; valueOffset: number };

function readIfd(view: DataView, offset: number, little: boolean): Map<number, Entry> {
  const entries = new Map<number, Entry>();
  if (offset < 8 || offset + 2 > view.byteLength) return entries;
  const count = view.getUint16(offset, little);
  for (let i = 0; i < count; i++) {
    const at = offset + 2 + i * 12;
    if (at + 12 > view.byteLength) break;
    const tag = view.getUint16(at, little);
    const type = view.getUint16(at + 2, little);
    const n = view.getUint32(at + 4, little);
    const size = (TYPE_SIZES[type] ?? 0) * n;
    // Values of up to 4 bytes sit in the entry itself; larger ones at the offset it holds.
    const valueOffset = size <= 4 ? at + 8 : view.getUint32(at + 8, little);
    entries.set(tag, { type, count: n, valueOffset });
  }
  return entries;
}

function readText(view: DataView, entry: Entry | undefined): string | undefined {
  if (!entry || (entry.type !== 2 && entry.type !== 7)) return undefined;
  const end = Math.min(entry.valueOffset + entry.count, view.byteLength);
  if (entry.valueOffset >= end) return undefined;
  let text = '';
  for (let i = entry.valueOffset; i < end && text.length < MAX_TEXT; i++) {
    const byte = view.getUint8(i);
    if (byte === 0) break;
    // Printable ASCII only: the text is shown to the member, never interpreted.
    if (byte >= 0x20 && byte < 0x7f) text += String.fromCharCode(byte);
  }
  return text.trim() || undefined;
}

function readShort(view: DataView, entry: Entry | undefined, little: boolean): number | undefined {
  if (entry?.type !== 3 || entry.valueOffset + 2 > view.byteLength) return undefined;
  return view.getUint16(entry.valueOffset, little);
}

function readLong(view: DataView, entry: Entry | undefined, little: boolean): number | undefined {
  if (!entry || (entry.type !== 4 && entry.type !== 13) || entry.valueOffset + 4 > view.byteLength)
    return undefined;
  return view.getUint32(entry.valueOffset, little);
}

/** Summarises a TIFF structure ('II*\0' or 'MM\0*' header first). */
export function summariseExif(tiff: Uint8Array): ExifSummary {
  const findings: string[] = [];
  if (tiff.byteLength < 8) return { findings };
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const order = view.getUint16(0, false);
  if (order !== 0x4949 && order !== 0x4d4d) return { findings };
  const little = order === 0x4949;
  if (view.getUint16(2, little) !== 42) return { findings };
  const ifd0 = readIfd(view, view.getUint32(4, little), little);
  const exifOffset = readLong(view, ifd0.get(TAG.exifIfd), little);
  const exif = exifOffset ? readIfd(view, exifOffset, little) : new Map<number, Entry>();
  const gpsOffset = readLong(view, ifd0.get(TAG.gpsIfd), little);
  const gps = gpsOffset ? readIfd(view, gpsOffset, little) : new Map<number, Entry>();

  // GPS tags 1-4 are latitude and longitude (with their N/S, E/W references).
  if ([1, 2, 3, 4].some((tag) => gps.has(tag))) findings.push('Localização (GPS)');
  const device = [readText(view, ifd0.get(TAG.make)), readText(view, ifd0.get(TAG.model))]
    .filter(Boolean)
    .join(' ');
  if (device) findings.push(`Aparelho: ${device}`);
  const lens = readText(view, exif.get(TAG.lensModel));
  if (lens) findings.push(`Lente: ${lens}`);
  if (exif.has(TAG.serialNumber)) findings.push('Número de série do aparelho');
  const artist = readText(view, ifd0.get(TAG.artist)) ?? readText(view, exif.get(TAG.ownerName));
  if (artist) findings.push(`Autor: ${artist}`);
  const copyright = readText(view, ifd0.get(TAG.copyright));
  if (copyright) findings.push(`Direitos autorais: ${copyright}`);
  const software = readText(view, ifd0.get(TAG.software));
  if (software) findings.push(`Programa: ${software}`);
  const taken = readText(view, exif.get(TAG.dateTimeOriginal)) ?? readText(view, ifd0.get(TAG.dateTime));
  if (taken) findings.push(`Data e hora: ${taken}`);

  const orientation = readShort(view, ifd0.get(TAG.orientation), little);
  return orientation && orientation >= 1 && orientation <= 8 ? { findings, orientation } : { findings };
}

/** A minimal big-endian EXIF body ('Exif\0\0' + TIFF) holding only the orientation tag. */
export function orientationOnlyExif(orientation: number): Uint8Array {
  return new Uint8Array([
    0x45,
    0x78,
    0x69,
    0x66,
    0,
    0, // 'Exif\0\0'
    0x4d,
    0x4d,
    0,
    0x2a,
    0,
    0,
    0,
    8, // 'MM', 42, IFD0 at 8
    0,
    1, // one entry
    0x01,
    0x12,
    0,
    3,
    0,
    0,
    0,
    1,
    0,
    orientation,
    0,
    0, // Orientation, SHORT, 1 value
    0,
    0,
    0,
    0, // no next IFD
  ]);
}
