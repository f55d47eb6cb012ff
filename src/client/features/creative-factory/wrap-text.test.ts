import { describe, expect, it } from 'vitest';
import { fitText, luminance, readableTextColor, wrapText } from './wrap-text';

/** Every character is 10 px wide. */
const mono = (line: string) => Array.from(line).length * 10;

describe('wrapText', () => {
  it('fills each line with whole words up to the width', () => {
    expect(wrapText('Compre agora com desconto especial', 120, mono)).toEqual([
      'Compre agora',
      'com desconto',
      'especial',
    ]);
  });

  it('keeps the member line breaks and blank lines', () => {
    expect(wrapText('Oferta\n\nSó hoje', 200, mono)).toEqual(['Oferta', '', 'Só hoje']);
  });

  it('cuts a word longer than the line between characters', () => {
    expect(wrapText('ab supercalifragilistico', 50, mono)).toEqual([
      'ab',
      'super',
      'calif',
      'ragil',
      'istic',
      'o',
    ]);
  });

  it('treats runs of spaces as one', () => {
    expect(wrapText('  a    b  ', 30, mono)).toEqual(['a b']);
  });
});

describe('fitText', () => {
  /** Width = characters x font size / 2. */
  const measure = (text: string, px: number) => (Array.from(text).length * px) / 2;

  it('wraps both texts at the asked sizes when they fit', () => {
    const fitted = fitText(measure, {
      headline: 'Promo',
      body: 'Leve dois pague um',
      maxWidth: 100,
      maxHeight: 500,
      headlinePx: 40,
      bodyPx: 20,
    });
    // Headline: 'Promo' = 5 x 20 = 100 px, one line of 50 px. Body: 10 px a character, 10 per line.
    expect(fitted.headline).toEqual({ lines: ['Promo'], fontPx: 40, lineHeight: 50 });
    expect(fitted.body).toEqual({ lines: ['Leve dois', 'pague um'], fontPx: 20, lineHeight: 25 });
    expect(fitted.gap).toBe(16);
    expect(fitted.height).toBe(50 + 16 + 50);
  });

  it('shrinks the sizes until the text fits the height', () => {
    const fitted = fitText(measure, {
      headline: 'Título',
      body: 'um dois tres quatro cinco seis',
      maxWidth: 100,
      maxHeight: 90,
      headlinePx: 40,
      bodyPx: 20,
    });
    expect(fitted.body.fontPx).toBeLessThan(20);
    expect(fitted.height).toBeLessThanOrEqual(90);
  });

  it('cuts with an ellipsis what does not fit even at half size', () => {
    const fitted = fitText(measure, {
      headline: '',
      body: Array.from({ length: 40 }, () => 'palavra').join(' '),
      maxWidth: 100,
      maxHeight: 40,
      headlinePx: 40,
      bodyPx: 20,
    });
    // Half size: 10 px font, 13 px lines: three lines fit in 40 px.
    expect(fitted.body.fontPx).toBe(10);
    expect(fitted.body.lines).toHaveLength(3);
    expect(fitted.body.lines[2]?.endsWith('…')).toBe(true);
    expect(fitted.headline.lines).toEqual([]);
    expect(fitted.height).toBeLessThanOrEqual(40);
  });
});

describe('colours', () => {
  it('computes the WCAG luminance and picks a readable text colour', () => {
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#ffffff')).toBeCloseTo(1, 5);
    expect(luminance('red')).toBeNull();
    expect(readableTextColor('#000000')).toBe('#ffffff');
    expect(readableTextColor('#ffffff')).toBe('#111111');
    expect(readableTextColor('#ff0000')).toBe('#111111');
    expect(readableTextColor('#1e3a8a')).toBe('#ffffff');
  });
});
