import { createHash } from 'node:crypto';
import { openSans, toWoff2 } from './fonts';
import type { Routes } from './hosts';

/**
 * A Google-Fonts-like pair of hosts: the style sheet API (`/css?family=Lato:400,700`, `/css2?family=Inter:wght@400;700`,
 * answered as text/css with no extension in the URL) and the font files (`/s/<family>/v24/<id>`, no extension,
 * answered as font/woff2, two unicode-range subsets per face as the real service writes them). Every family is
 * drawn with Open Sans (regular for weights up to 500, bold above, italic for ital): text in the fallback font
 * looks different.
 */
const SUBSETS = [
  {
    name: 'latin-ext',
    range:
      'U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+0304, U+0308, U+0329, U+1D00-1DBF, U+1E00-1E9F, U+1EF2-1EFF, U+2020, U+20A0-20AB, U+20AD-20C0, U+2113, U+2C60-2C7F, U+A720-A7FF',
  },
  {
    name: 'latin',
    range:
      'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
  },
];

type Style = 'Regular' | 'Bold' | 'Italic';
const styleOf = (weight: number, italic: boolean): Style =>
  italic ? 'Italic' : weight > 500 ? 'Bold' : 'Regular';
/** A file's id: a hash of the face and subset, then the Open Sans style it is drawn with (R, B or I). */
const fileId = (family: string, weight: number, italic: boolean, subset: string) =>
  createHash('sha1').update(`${family}|${weight}|${italic}|${subset}`).digest('hex').slice(0, 21) +
  styleOf(weight, italic).charAt(0);
const STYLES: Record<string, Style> = { R: 'Regular', B: 'Bold', I: 'Italic' };

/** The faces a query asks for: `Lato:400,700,400i` (css) or `Inter:ital,wght@0,400;1,700` / `Inter:wght@400;800` (css2). */
function faces(url: URL): { family: string; weight: number; italic: boolean }[] {
  const out: { family: string; weight: number; italic: boolean }[] = [];
  const specs =
    url.pathname === '/css2'
      ? url.searchParams.getAll('family')
      : (url.searchParams.get('family') ?? '').split('|');
  for (const spec of specs) {
    const [name = '', variants = ''] = spec.split(':');
    const family = name.replaceAll('+', ' ').trim();
    if (!family) continue;
    if (url.pathname === '/css2') {
      const [axes = '', values = ''] = variants.split('@');
      const names = axes.split(',');
      for (const tuple of (values || '400').split(';')) {
        const parts = tuple.split(',');
        const get = (axis: string) => parts[names.indexOf(axis)];
        out.push({ family, weight: Number(get('wght') ?? 400) || 400, italic: get('ital') === '1' });
      }
    } else {
      for (const variant of (variants || '400').split(',')) {
        out.push({ family, weight: Number.parseInt(variant, 10) || 400, italic: /i/.test(variant) });
      }
    }
  }
  return out;
}

const woff2 = new Map<Style, Buffer>();

/** The style sheet host: `filesOrigin` is the font files host. */
export function fontsCssRoutes(filesOrigin: () => string): Routes {
  return (path, url) => {
    if (path !== '/css' && path !== '/css2') return null;
    const rules = faces(url).flatMap(({ family, weight, italic }) =>
      SUBSETS.map((subset) => {
        const id = fileId(family, weight, italic, subset.name);
        const slug = family.toLowerCase().replaceAll(' ', '');
        return `/* ${subset.name} */
@font-face {
  font-family: '${family}';
  font-style: ${italic ? 'italic' : 'normal'};
  font-weight: ${weight};
  font-display: swap;
  src: url(${filesOrigin()}/s/${slug}/v24/${id}) format('woff2');
  unicode-range: ${subset.range};
}`;
      }),
    );
    return rules.length ? { type: 'text/css; charset=utf-8', body: rules.join('\n') } : null;
  };
}

export const fontFilesRoutes: Routes = (path) => {
  const style = STYLES[/^\/s\/[a-z0-9]+\/v24\/[0-9a-f]{21}([RBI])$/.exec(path)?.[1] ?? ''];
  if (!style) return null;
  let body = woff2.get(style);
  if (!body) {
    body = toWoff2(openSans(style));
    woff2.set(style, body);
  }
  return { type: 'font/woff2', body, headers: { 'cache-control': 'public, max-age=31536000' } };
};
