/** Text layout for the generated creatives: pure functions over a `measure` (the canvas's measureText). */

export type Measure = (text: string, fontPx: number, bold: boolean) => number;

/**
 * Breaks `text` into lines no wider than `maxWidth`: the member's own line breaks are kept, words go to the
 * next line when they do not fit, and a word wider than the whole line is cut between characters.
 */
export function wrapText(text: string, maxWidth: number, measure: (line: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
    const words = paragraph.split(/[ \t]+/).filter(Boolean);
    if (words.length === 0) {
      lines.push('');
      continue;
    }
    let line = '';
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (measure(candidate) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      if (measure(word) <= maxWidth) {
        line = word;
        continue;
      }
      // A word longer than the line: as many characters as fit on each line.
      let piece = '';
      for (const char of Array.from(word)) {
        if (piece && measure(piece + char) > maxWidth) {
          lines.push(piece);
          piece = '';
        }
        piece += char;
      }
      line = piece;
    }
    lines.push(line);
  }
  return lines;
}

export interface TextBlock {
  lines: string[];
  fontPx: number;
  lineHeight: number;
}

export interface FittedText {
  headline: TextBlock;
  body: TextBlock;
  /** Space between the headline and the body. */
  gap: number;
  height: number;
}

const LINE_HEIGHT = 1.25;
const ELLIPSIS = '…';

function block(text: string, fontPx: number, bold: boolean, maxWidth: number, measure: Measure): TextBlock {
  const lines = text.trim() ? wrapText(text.trim(), maxWidth, (line) => measure(line, fontPx, bold)) : [];
  return { lines, fontPx, lineHeight: Math.round(fontPx * LINE_HEIGHT) };
}

const heightOf = (b: TextBlock) => b.lines.length * b.lineHeight;

/**
 * The headline (bold) and the body text inside a box: wrapped to the box's width, both sizes shrunk by steps
 * of 10% (down to half the asked size) until they fit its height; what still does not fit is cut with '…'.
 */
export function fitText(
  measure: Measure,
  options: {
    headline: string;
    body: string;
    maxWidth: number;
    maxHeight: number;
    headlinePx: number;
    bodyPx: number;
  },
): FittedText {
  const { headline: headlineText, body: bodyText, maxWidth, maxHeight } = options;
  let scale = 1;
  for (;;) {
    const headline = block(headlineText, Math.round(options.headlinePx * scale), true, maxWidth, measure);
    const body = block(bodyText, Math.round(options.bodyPx * scale), false, maxWidth, measure);
    const gap = headline.lines.length && body.lines.length ? Math.round(body.fontPx * 0.8) : 0;
    const height = heightOf(headline) + gap + heightOf(body);
    if (height <= maxHeight) return { headline, body, gap, height };
    if (scale > 0.5 + 1e-9) {
      scale = Math.max(0.5, scale - 0.1);
      continue;
    }
    // Still too tall at half size: keep what fits, headline first, and end the last kept line with '…'.
    const truncate = (b: TextBlock, room: number, bold: boolean): TextBlock => {
      const count = Math.max(0, Math.floor(room / b.lineHeight));
      if (count >= b.lines.length) return b;
      const lines = b.lines.slice(0, count);
      if (count > 0) {
        let last = lines[count - 1] ?? '';
        while (last && measure(`${last}${ELLIPSIS}`, b.fontPx, bold) > maxWidth) last = last.slice(0, -1);
        lines[count - 1] = `${last.trimEnd()}${ELLIPSIS}`;
      }
      return { ...b, lines };
    };
    const fittedHeadline = truncate(headline, maxHeight, true);
    const room = maxHeight - heightOf(fittedHeadline) - gap;
    const fittedBody = truncate(body, room, false);
    const fittedGap = fittedHeadline.lines.length && fittedBody.lines.length ? gap : 0;
    return {
      headline: fittedHeadline,
      body: fittedBody,
      gap: fittedGap,
      height: heightOf(fittedHeadline) + fittedGap + heightOf(fittedBody),
    };
  }
}

/** '#rrggbb' to its relative luminance (WCAG), 0 (black) to 1 (white); null for anything else. */
export function luminance(hex: string): number | null {
  const match = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const value = Number.parseInt(match[1], 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
}

/** White or near-black, whichever reads better on `background` ('#rrggbb'). */
export function readableTextColor(background: string): '#ffffff' | '#111111' {
  const l = luminance(background) ?? 0;
  // Contrast with white (1.05 / (l + 0.05)) against contrast with #111111 (luminance ~0.0056).
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.0556 ? '#ffffff' : '#111111';
}
