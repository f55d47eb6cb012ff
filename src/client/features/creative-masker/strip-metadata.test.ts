import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CorruptImageError, stripImageMetadata } from './strip-metadata';

/**
 * Real files with real metadata, written by libvips (sharp) and by hand where libvips writes none (PNG tEXt,
 * JPEG comments, GIF comment and XMP blocks, data after the end marker). After stripping, libvips reads no
 * metadata, the identifying strings are gone from the bytes, and the pixels are exactly the same.
 */
const EXIF = {
  IFD0: {
    Make: 'Canon',
    Model: 'EOS R6',
    Artist: 'Fulano de Tal',
    Copyright: 'Estudio Fulano',
    Software: 'Lightroom Classic',
  },
  IFD3: {
    GPSLatitudeRef: 'S',
    GPSLatitude: '23/1 33/1 0/1',
    GPSLongitudeRef: 'W',
    GPSLongitude: '46/1 38/1 0/1',
  },
};
const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Criador XMP</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>';

const base = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 40, b: 90 } } }).composite([
    {
      input: { create: { width: 10, height: 10, channels: 3, background: { r: 10, g: 220, b: 30 } } },
      left: 5,
      top: 5,
    },
  ]);

const enc = new TextEncoder();
const has = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(text);
const pixels = async (bytes: Uint8Array) => (await sharp(bytes).raw().toBuffer()).toString('base64');

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])), 8 + data.length);
  return out;
}

describe('stripImageMetadata: JPEG', () => {
  it('removes EXIF (device, author, GPS), XMP, comments and trailing data, keeping the pixels', async () => {
    const withMeta = await base().withExif(EXIF).withXmp(XMP).jpeg({ quality: 90 }).toBuffer();
    // A comment segment after SOI and a hidden payload after EOI.
    const comment = Buffer.concat([
      Buffer.from([0xff, 0xfe, 0, 2 + 17]),
      Buffer.from('Comentario secreto'),
    ]).subarray(0, 4 + 17);
    const input = Buffer.concat([
      withMeta.subarray(0, 2),
      comment,
      withMeta.subarray(2),
      Buffer.from('PAYLOAD-ESCONDIDO'),
    ]);
    const before = await sharp(input).metadata();
    expect(before.exif && before.xmp).toBeTruthy();
    expect(has(input, 'Canon') && has(input, 'Fulano de Tal') && has(input, 'Criador XMP')).toBe(true);

    const { bytes, removed, kept } = stripImageMetadata(new Uint8Array(input), 'jpeg');

    const after = await sharp(bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.comments ?? []).toEqual([]);
    for (const text of [
      'Canon',
      'EOS R6',
      'Fulano',
      'Lightroom',
      'Criador XMP',
      'Comentario',
      'PAYLOAD',
      'Exif',
    ])
      expect(has(bytes, text), text).toBe(false);
    expect(await pixels(bytes)).toBe(await pixels(input));
    expect(removed).toEqual(
      expect.arrayContaining([
        'Localização (GPS)',
        'Aparelho: Canon EOS R6',
        'Autor: Fulano de Tal',
        'Direitos autorais: Estudio Fulano',
        'Programa: Lightroom Classic',
        'Dados EXIF (configurações da câmera e miniatura)',
        'XMP (autoria, histórico de edição, programa usado)',
        'Comentários',
        'Dados escondidos depois do fim da imagem',
      ]),
    );
    expect(kept).toEqual([]);
  });

  it('keeps only the orientation of a rotated photo, so it does not show lying down', async () => {
    const input = await base().withExif(EXIF).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const { bytes, removed, kept } = stripImageMetadata(new Uint8Array(input), 'jpeg');
    const after = await sharp(bytes).metadata();
    expect(after.orientation).toBe(6);
    expect(after.exif?.length).toBeLessThan(40);
    expect(has(bytes, 'Canon') || has(bytes, 'Fulano')).toBe(false);
    expect(removed).toContain('Localização (GPS)');
    expect(kept).toEqual(['A orientação da foto (para ela não aparecer girada)']);
    expect(await pixels(bytes)).toBe(await pixels(input));
  });

  it('leaves a JPEG without metadata as it was and says nothing was removed', async () => {
    const input = new Uint8Array(await base().jpeg().toBuffer());
    const { bytes, removed } = stripImageMetadata(input, 'jpeg');
    expect(removed).toEqual([]);
    expect(Buffer.from(bytes).equals(Buffer.from(input))).toBe(true);
  });

  it('refuses a truncated or fake JPEG', async () => {
    const input = await base().jpeg().toBuffer();
    expect(() => stripImageMetadata(new Uint8Array(input.subarray(0, 40)), 'jpeg')).toThrow(
      CorruptImageError,
    );
    expect(() => stripImageMetadata(enc.encode('\xff\xd8 not really'), 'jpeg')).toThrow(CorruptImageError);
    // A segment length running past the end of the file.
    expect(() => stripImageMetadata(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff, 0]), 'jpeg')).toThrow(
      CorruptImageError,
    );
  });
});

describe('stripImageMetadata: PNG', () => {
  it('removes eXIf, XMP, text chunks, tIME and trailing data, keeping the pixels', async () => {
    const png = await base().withExif(EXIF).withXmp(XMP).png().toBuffer();
    const iend = png.length - 12;
    const text = pngChunk('tEXt', enc.encode('Author\0Fulano Texto'));
    const time = pngChunk('tIME', new Uint8Array([0x07, 0xea, 1, 2, 3, 4, 5]));
    const input = Buffer.concat([
      png.subarray(0, iend),
      text,
      time,
      png.subarray(iend),
      Buffer.from('SEGREDO'),
    ]);
    const before = await sharp(input).metadata();
    expect(before.exif && before.xmp).toBeTruthy();

    const { bytes, removed } = stripImageMetadata(new Uint8Array(input), 'png');

    const after = await sharp(bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    for (const chunk of ['eXIf', 'tEXt', 'iTXt', 'zTXt', 'tIME'])
      expect(has(bytes, chunk), chunk).toBe(false);
    for (const s of ['Canon', 'Fulano', 'SEGREDO']) expect(has(bytes, s), s).toBe(false);
    expect(await pixels(bytes)).toBe(await pixels(input));
    expect(removed).toEqual(
      expect.arrayContaining([
        'Textos embutidos (Author)',
        'Localização (GPS)',
        'Aparelho: Canon EOS R6',
        'Autor: Fulano de Tal',
        'XMP (autoria, histórico de edição, programa usado)',
        'Data da última modificação',
        'Dados escondidos depois do fim da imagem',
      ]),
    );
  });

  it('refuses a PNG whose chunk runs past the end or that has no end chunk', async () => {
    const png = await base().png().toBuffer();
    expect(() => stripImageMetadata(new Uint8Array(png.subarray(0, png.length - 12)), 'png')).toThrow(
      CorruptImageError,
    );
    const broken = Buffer.from(png);
    broken.writeUInt32BE(0x7fffffff, 8);
    expect(() => stripImageMetadata(new Uint8Array(broken), 'png')).toThrow(CorruptImageError);
  });
});

describe('stripImageMetadata: GIF', () => {
  it('removes comment and XMP blocks, keeps the looping block and the frames', async () => {
    const gif = await sharp({
      create: { width: 12, height: 12, channels: 3, background: { r: 0, g: 0, b: 255 } },
    })
      .gif({ loop: 0 })
      .toBuffer();
    const packed = gif[10] as number;
    const headerEnd = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);
    const commentText = Buffer.from('Autor do GIF');
    const comment = Buffer.concat([
      Buffer.from([0x21, 0xfe, commentText.length]),
      commentText,
      Buffer.from([0]),
    ]);
    const xmpBody = Buffer.from('<x:xmpmeta>Criador</x:xmpmeta>');
    const xmp = Buffer.concat([
      Buffer.from([0x21, 0xff, 11]),
      Buffer.from('XMP DataXMP'),
      Buffer.from([xmpBody.length]),
      xmpBody,
      Buffer.from([0]),
    ]);
    const input = Buffer.concat([gif.subarray(0, headerEnd), comment, xmp, gif.subarray(headerEnd)]);
    expect(await pixels(input)).toBe(await pixels(gif));

    const { bytes, removed } = stripImageMetadata(new Uint8Array(input), 'gif');
    expect(has(bytes, 'Autor do GIF') || has(bytes, 'Criador') || has(bytes, 'XMP DataXMP')).toBe(false);
    expect(has(bytes, 'NETSCAPE2.0')).toBe(has(gif, 'NETSCAPE2.0'));
    expect(Buffer.from(bytes).equals(gif)).toBe(true);
    expect(removed).toEqual(['Comentários', 'XMP (autoria, histórico de edição, programa usado)']);
  });

  it('refuses a GIF cut in the middle', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    expect(() => stripImageMetadata(new Uint8Array(gif.subarray(0, gif.length - 4)), 'gif')).toThrow(
      CorruptImageError,
    );
  });
});
