import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';

/**
 * Real fonts for the real-world pages, from packages the lockfile already has: Open Sans (shipped inside
 * @sparticuz/chromium, in bin/fonts.tar.br) plays the web fonts a page takes from Google Fonts, and the codicon icon
 * font (inside playwright-core) plays Font Awesome. Served as WOFF2 like the real services, written here.
 */
const require = createRequire(import.meta.url);

function packageDir(name: string, marker: string): string {
  let dir = path.dirname(require.resolve(name));
  while (!readdirSync(dir).includes(marker)) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`${name}: pasta do pacote não encontrada`);
    dir = up;
  }
  return dir;
}

let openSansFiles: Map<string, Buffer> | undefined;
/** `Regular`, `Bold` or `Italic` (TrueType). */
export function openSans(style: 'Regular' | 'Bold' | 'Italic'): Buffer {
  if (!openSansFiles) {
    const tar = brotliDecompressSync(
      readFileSync(path.join(packageDir('@sparticuz/chromium', 'bin'), 'bin', 'fonts.tar.br')),
    );
    openSansFiles = new Map();
    for (let at = 0; at + 512 <= tar.length; ) {
      const name = tar.toString('latin1', at, at + 100).replace(/\0.*$/s, '');
      if (!name) break;
      const size = Number.parseInt(tar.toString('latin1', at + 124, at + 136).trim(), 8) || 0;
      if (name.endsWith('.ttf'))
        openSansFiles.set(path.basename(name), tar.subarray(at + 512, at + 512 + size));
      at += 512 + Math.ceil(size / 512) * 512;
    }
  }
  const font = openSansFiles.get(`OpenSans-${style}.ttf`);
  if (!font) throw new Error(`OpenSans-${style}.ttf não está no @sparticuz/chromium`);
  return font;
}

let codicon: Buffer | undefined;
/** An icon font (glyphs at U+EA60–U+EB09 and beyond). */
export function iconFont(): Buffer {
  if (!codicon) {
    const lib = path.join(packageDir('playwright-core', 'package.json'), 'lib');
    const found = readdirSync(lib, { recursive: true })
      .map(String)
      .find((file) => /codicon[^/]*\.ttf$/.test(file));
    if (!found) throw new Error('codicon.ttf não encontrado no playwright-core');
    codicon = readFileSync(path.join(lib, found));
  }
  return codicon;
}

/** Codepoints the icon font draws, for the icon classes of the pages. */
export const ICONS = {
  mais: '\\ea60',
  estrela: '\\ea70',
  pasta: '\\ea83',
  lupa: '\\ea90',
  sino: '\\eaa0',
  check: '\\eab2',
  globo: '\\eac9',
  coracao: '\\eb05',
};

/** WOFF2 table tags with a one-byte index (the format's known-tags table, in order). */
const KNOWN_TAGS = [
  'cmap', 'head', 'hhea', 'hmtx', 'maxp', 'name', 'OS/2', 'post', 'cvt ', 'fpgm', 'glyf', 'loca', 'prep', 'CFF ',
  'VORG', 'EBDT', 'EBLC', 'gasp', 'hdmx', 'kern', 'LTSH', 'PCLT', 'VDMX', 'vhea', 'vmtx', 'BASE', 'GDEF', 'GPOS',
  'GSUB', 'EBSC', 'JSTF', 'MATH', 'CBDT', 'CBLC', 'COLR', 'CPAL', 'SVG ', 'sbix', 'acnt', 'avar', 'bdat', 'bloc',
  'bsln', 'cvar', 'fdsc', 'feat', 'fmtx', 'fvar', 'gvar', 'hsty', 'just', 'lcar', 'mort', 'morx', 'opbd', 'prop',
  'trak', 'Zapf', 'Silf', 'Glat', 'Gloc', 'Feat', 'Sill',
]; // biome-ignore format: a table

function base128(value: number): Buffer {
  const bytes = [value & 0x7f];
  for (let rest = value >>> 7; rest > 0; rest >>>= 7) bytes.unshift((rest & 0x7f) | 0x80);
  return Buffer.from(bytes);
}

/**
 * A TrueType font as WOFF2 (W3C WOFF2, no table transformed: glyf and loca with the null transform, version 3),
 * the tables compressed as one Brotli stream in font mode.
 */
export function toWoff2(sfnt: Buffer): Buffer {
  const count = sfnt.readUInt16BE(4);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 12 + 16 * i;
    const tag = sfnt.toString('latin1', at, at + 4);
    const offset = sfnt.readUInt32BE(at + 8);
    return { tag, data: sfnt.subarray(offset, offset + sfnt.readUInt32BE(at + 12)) };
  });
  // A decoder wants loca right after glyf.
  const ordered = tables.filter((t) => t.tag !== 'loca');
  const loca = tables.find((t) => t.tag === 'loca');
  if (loca) ordered.splice(ordered.findIndex((t) => t.tag === 'glyf') + 1, 0, loca);
  const directory = Buffer.concat(
    ordered.map(({ tag, data }) => {
      const known = KNOWN_TAGS.indexOf(tag);
      const version = tag === 'glyf' || tag === 'loca' ? 3 : 0;
      const flags = Buffer.from([(version << 6) | (known === -1 ? 63 : known)]);
      return Buffer.concat([
        flags,
        known === -1 ? Buffer.from(tag, 'latin1') : Buffer.alloc(0),
        base128(data.length),
      ]);
    }),
  );
  const compressed = brotliCompressSync(Buffer.concat(ordered.map((t) => t.data)), {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_FONT,
      [constants.BROTLI_PARAM_QUALITY]: 9,
    },
  });
  const sfntSize = 12 + 16 * count + tables.reduce((sum, t) => sum + Math.ceil(t.data.length / 4) * 4, 0);
  const unpadded = 48 + directory.length + compressed.length;
  const length = Math.ceil(unpadded / 4) * 4;
  const header = Buffer.alloc(48);
  header.write('wOF2', 0, 'latin1');
  header.writeUInt32BE(sfnt.readUInt32BE(0), 4);
  header.writeUInt32BE(length, 8);
  header.writeUInt16BE(count, 12);
  header.writeUInt32BE(sfntSize, 16);
  header.writeUInt32BE(compressed.length, 20);
  header.writeUInt16BE(1, 24);
  return Buffer.concat([header, directory, compressed, Buffer.alloc(length - unpadded)]);
}
