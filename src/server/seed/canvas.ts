import { encodePng } from './png';

export type Rgb = readonly [number, number, number];

/** A 5x7 pixel font for headlines (upper case; accents are dropped, unknown characters are blank). */
const GLYPHS: Record<string, string> = {
  A: '01110/10001/10001/11111/10001/10001/10001',
  B: '11110/10001/10001/11110/10001/10001/11110',
  C: '01110/10001/10000/10000/10000/10001/01110',
  D: '11110/10001/10001/10001/10001/10001/11110',
  E: '11111/10000/10000/11110/10000/10000/11111',
  F: '11111/10000/10000/11110/10000/10000/10000',
  G: '01110/10001/10000/10111/10001/10001/01111',
  H: '10001/10001/10001/11111/10001/10001/10001',
  I: '01110/00100/00100/00100/00100/00100/01110',
  J: '00111/00010/00010/00010/00010/10010/01100',
  K: '10001/10010/10100/11000/10100/10010/10001',
  L: '10000/10000/10000/10000/10000/10000/11111',
  M: '10001/11011/10101/10101/10001/10001/10001',
  N: '10001/10001/11001/10101/10011/10001/10001',
  O: '01110/10001/10001/10001/10001/10001/01110',
  P: '11110/10001/10001/11110/10000/10000/10000',
  Q: '01110/10001/10001/10001/10101/10010/01101',
  R: '11110/10001/10001/11110/10100/10010/10001',
  S: '01111/10000/10000/01110/00001/00001/11110',
  T: '11111/00100/00100/00100/00100/00100/00100',
  U: '10001/10001/10001/10001/10001/10001/01110',
  V: '10001/10001/10001/10001/10001/01010/00100',
  W: '10001/10001/10001/10101/10101/10101/01010',
  X: '10001/10001/01010/00100/01010/10001/10001',
  Y: '10001/10001/01010/00100/00100/00100/00100',
  Z: '11111/00001/00010/00100/01000/10000/11111',
  '0': '01110/10001/10011/10101/11001/10001/01110',
  '1': '00100/01100/00100/00100/00100/00100/01110',
  '2': '01110/10001/00001/00010/00100/01000/11111',
  '3': '11111/00010/00100/00010/00001/10001/01110',
  '4': '00010/00110/01010/10010/11111/00010/00010',
  '5': '11111/10000/11110/00001/00001/10001/01110',
  '6': '00110/01000/10000/11110/10001/10001/01110',
  '7': '11111/00001/00010/00100/01000/01000/01000',
  '8': '01110/10001/10001/01110/10001/10001/01110',
  '9': '01110/10001/10001/01111/00001/00010/01100',
  '!': '00100/00100/00100/00100/00100/00000/00100',
  '?': '01110/10001/00001/00010/00100/00000/00100',
  '%': '11000/11001/00010/00100/01000/10011/00011',
  '+': '00000/00100/00100/11111/00100/00100/00000',
  '-': '00000/00000/00000/11111/00000/00000/00000',
  '.': '00000/00000/00000/00000/00000/01100/01100',
  ',': '00000/00000/00000/00000/01100/00100/01000',
  ':': '00000/01100/01100/00000/01100/01100/00000',
  $: '00100/01111/10100/01110/00101/11110/00100',
  '/': '00001/00001/00010/00100/01000/10000/10000',
};
const FONT = new Map(Object.entries(GLYPHS).map(([ch, rows]) => [ch, rows.split('/')]));

const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();

/** An RGB pixel buffer with the few drawing operations the demo creatives need. */
export class Canvas {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
  }

  private blend(x: number, y: number, color: Rgb, alpha: number) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 3;
    const p = this.pixels;
    p[i] = p[i]! + (color[0] - p[i]!) * alpha;
    p[i + 1] = p[i + 1]! + (color[1] - p[i + 1]!) * alpha;
    p[i + 2] = p[i + 2]! + (color[2] - p[i + 2]!) * alpha;
  }

  /** Diagonal gradient from the top-left colour to the bottom-right one. */
  gradient(from: Rgb, to: Rgb) {
    const { width: w, height: h, pixels: p } = this;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const t = (x / w + y / h) / 2;
        const i = (y * w + x) * 3;
        p[i] = from[0] + (to[0] - from[0]) * t;
        p[i + 1] = from[1] + (to[1] - from[1]) * t;
        p[i + 2] = from[2] + (to[2] - from[2]) * t;
      }
    }
  }

  rect(x: number, y: number, w: number, h: number, color: Rgb, alpha = 1, radius = 0) {
    const x0 = Math.max(0, Math.round(x));
    const y0 = Math.max(0, Math.round(y));
    const x1 = Math.min(this.width, Math.round(x + w));
    const y1 = Math.min(this.height, Math.round(y + h));
    for (let py = y0; py < y1; py++) {
      for (let px = x0; px < x1; px++) {
        if (radius > 0) {
          const dx = Math.max(x + radius - px, 0, px - (x + w - radius));
          const dy = Math.max(y + radius - py, 0, py - (y + h - radius));
          if (dx * dx + dy * dy > radius * radius) continue;
        }
        this.blend(px, py, color, alpha);
      }
    }
  }

  /** A disc, or a ring when `inner` is given. */
  circle(cx: number, cy: number, r: number, color: Rgb, alpha = 1, inner = 0) {
    for (let py = Math.floor(cy - r); py <= cy + r; py++) {
      for (let px = Math.floor(cx - r); px <= cx + r; px++) {
        const d = (px - cx) ** 2 + (py - cy) ** 2;
        if (d <= r * r && d >= inner * inner) this.blend(px, py, color, alpha);
      }
    }
  }

  static textWidth(text: string, scale: number) {
    return text.length === 0 ? 0 : text.length * 6 * scale - scale;
  }

  /** Draws text in the pixel font; `x` is the left edge, or the centre with align 'center'. */
  text(text: string, x: number, y: number, scale: number, color: Rgb, align: 'left' | 'center' = 'left') {
    const clean = normalise(text);
    let left = align === 'center' ? Math.round(x - Canvas.textWidth(clean, scale) / 2) : x;
    for (const ch of clean) {
      const rows = FONT.get(ch);
      rows?.forEach((row, ry) => {
        for (let rx = 0; rx < 5; rx++) {
          if (row[rx] === '1') this.rect(left + rx * scale, y + ry * scale, scale, scale, color);
        }
      });
      left += 6 * scale;
    }
  }

  toPng(): Buffer {
    return encodePng(this.width, this.height, this.pixels);
  }
}
