import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** Photo-like pictures for the real-world pages: a scene drawn from the name's hash, encoded by sharp. */
export type PictureFormat = 'jpeg' | 'webp' | 'png';

const PALETTES = [
  ['#264653', '#2a9d8f', '#e9c46a', '#f4a261', '#e76f51'],
  ['#1d3557', '#457b9d', '#a8dadc', '#f1faee', '#e63946'],
  ['#3d405b', '#81b29a', '#f2cc8f', '#e07a5f', '#f4f1de'],
  ['#22223b', '#4a4e69', '#9a8c98', '#c9ada7', '#f2e9e4'],
  ['#5f0f40', '#9a031e', '#fb8b24', '#e36414', '#0f4c5c'],
  ['#003049', '#d62828', '#f77f00', '#fcbf49', '#eae2b7'],
];

function scene(name: string, w: number, h: number): string {
  const seed = createHash('sha1').update(name).digest();
  const byte = (i: number) => seed[i % seed.length] ?? 0;
  const palette = PALETTES[byte(0) % PALETTES.length] ?? PALETTES[0] ?? [];
  const color = (i: number) => palette[i % palette.length];
  const hills = Array.from({ length: 5 }, (_, i) => {
    const x = Math.round((w * i) / 4);
    const y = Math.round(h * (0.45 + (byte(i + 3) / 255) * 0.35));
    return `L${x} ${y}`;
  }).join(' ');
  const circles = Array.from({ length: 3 }, (_, i) => {
    const cx = Math.round((byte(i + 8) / 255) * w);
    const cy = Math.round((byte(i + 11) / 255) * h * 0.6);
    const r = Math.round((0.05 + (byte(i + 14) / 255) * 0.12) * Math.min(w, h) * 2);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color(i + 2)}" opacity="0.85"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color(0)}"/><stop offset="1" stop-color="${color(1)}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>${circles}
<path d="M0 ${h} ${hills} L${w} ${h} Z" fill="${color(4)}" opacity="0.9"/>
<rect x="${Math.round(w * 0.08)}" y="${Math.round(h * 0.7)}" width="${Math.round(w * 0.2)}" height="${Math.round(h * 0.3)}" fill="${color(3)}"/>
</svg>`;
}

const cache = new Map<string, Promise<Buffer>>();

/** A `w`x`h` picture named `name` (same name, same bytes), as JPEG, WebP or PNG. */
export function picture(name: string, w: number, h: number, format: PictureFormat = 'jpeg'): Promise<Buffer> {
  const key = `${name}|${w}|${h}|${format}`;
  let pending = cache.get(key);
  if (!pending) {
    const image = sharp(Buffer.from(scene(name, w, h)));
    pending = (format === 'png' ? image.png() : image[format]({ quality: 78 })).toBuffer();
    cache.set(key, pending);
  }
  return pending;
}

export const MIME: Record<PictureFormat, string> = {
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  png: 'image/png',
};

/** A logo as SVG (served as image/svg+xml, often without an extension). */
export function logoSvg(text: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40">
<rect x="2" y="4" width="32" height="32" rx="8" fill="${color}"/><path d="M10 28 L18 12 L26 28 Z" fill="#fff"/>
<rect x="44" y="12" width="${Math.min(110, text.length * 9)}" height="7" rx="3" fill="${color}"/>
<rect x="44" y="23" width="${Math.min(90, text.length * 6)}" height="5" rx="2" fill="${color}" opacity="0.55"/>
</svg>`;
}

/** A small tile for a repeated background: faint dots, or a wavy ornament line. */
export function tile(kind: 'pontos' | 'ornamento'): Promise<Buffer> {
  const key = `tile|${kind}`;
  let pending = cache.get(key);
  if (!pending) {
    const svg =
      kind === 'pontos'
        ? '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><rect width="24" height="24" fill="#fbf6ee"/><circle cx="6" cy="6" r="1.6" fill="#eadfce"/><circle cx="18" cy="18" r="1.6" fill="#eadfce"/></svg>'
        : '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="12"><path d="M0 6 Q15 0 30 6 T60 6" stroke="#e9c46a" stroke-width="2" fill="none"/></svg>';
    pending = sharp(Buffer.from(svg)).png().toBuffer();
    cache.set(key, pending);
  }
  return pending;
}
