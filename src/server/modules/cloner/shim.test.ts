import { describe, expect, it } from 'vitest';
import { type ShimMap, shimScript } from './shim';

interface Window {
  asked: string[];
  fetch(url: string): unknown;
  document: Document;
  XMLHttpRequest: typeof XMLHttpRequest;
}

/** The shim run by jsdom in a page served at `address`; fetch and XMLHttpRequest only record what they are asked. */
async function servedAt(address: string, map: ShimMap): Promise<Window> {
  const name = 'jsdom'; // untyped package, loaded as a value
  const { JSDOM } = (await import(name)) as {
    JSDOM: new (html: string, options: object) => { window: Window };
  };
  const record = `<script>window.asked = [];
window.fetch = function (u) { window.asked.push(String(u)); };
XMLHttpRequest.prototype.open = function (m, u) { window.asked.push('xhr ' + u); };</script>`;
  const html = `<!doctype html><html><head>${record}${shimScript(map)}</head><body></body></html>`;
  return new JSDOM(html, { url: address, runScripts: 'dangerously' }).window;
}

/** The archive of a page that was at https://site.test/pasta/pagina, with a third-party host and a font sheet. */
const files = [
  '_externos/cdn.test/img/x.png',
  '_externos/fonts.test/css-1a2b3c4d.css',
  'api/x.json',
  'img/v-5e6f7a8b.png',
  'index.html',
  'pasta/dados.json',
  'pasta/img/a.png',
];
const map = (toRoot: string): ShimMap => ({
  base: 'https://site.test/pasta/pagina',
  toRoot,
  files,
  exact: {
    'https://site.test/pasta/pagina': 4,
    'https://fonts.test/css?family=Lato': 1,
    'https://site.test/img/v.png?v=1': 3,
  },
  prefixes: [
    ['https://site.test/', ''],
    ['https://cdn.test/', '_externos/cdn.test/'],
    ['https://fonts.test/', '_externos/fonts.test/'],
  ],
});

describe('the shim of a clone served from a sub-folder', () => {
  const root = 'http://copia.test/campanhas/lp/';

  it('sends what scripts ask for to its file under the folder the clone is served from', async () => {
    const window = await servedAt(root, map(''));
    window.fetch('dados.json'); // relative to the page's original address
    window.fetch('/api/x.json'); // the site's path
    window.fetch('https://fonts.test/css?family=Lato'); // a URL whose query gave it a name of its own
    window.fetch('/img/v.png?v=1');
    window.fetch(`${root}api/x.json`); // already under the clone
    window.fetch('https://outro.test/pixel.gif'); // a host not cloned
    const xhr = new window.XMLHttpRequest();
    xhr.open('GET', '/api/x.json');
    expect(window.asked).toEqual([
      `${root}pasta/dados.json`,
      `${root}api/x.json`,
      `${root}_externos/fonts.test/css-1a2b3c4d.css`,
      `${root}img/v-5e6f7a8b.png`,
      `${root}api/x.json`,
      'https://outro.test/pixel.gif',
      `xhr ${root}api/x.json`,
    ]);
  });

  it('leaves a reference the cloner wrote as it is, and maps src, srcset and setAttribute', async () => {
    const window = await servedAt(root, map(''));
    const img = window.document.createElement('img');
    img.src = 'pasta/img/a.png'; // a lazy image's data-src, as rewritten in the page
    expect(img.src).toBe(`${root}pasta/img/a.png`);
    img.src = 'img/a.png'; // as the page's script built it on the site
    expect(img.src).toBe(`${root}pasta/img/a.png`);
    img.setAttribute('src', 'https://cdn.test/img/x.png#frente');
    expect(img.getAttribute('src')).toBe(`${root}_externos/cdn.test/img/x.png#frente`);
    img.srcset = 'https://site.test/pasta/img/a.png 1x, https://outro.test/b.png 2x';
    expect(img.getAttribute('srcset')).toBe(`${root}pasta/img/a.png 1x, https://outro.test/b.png 2x`);
    for (const untouched of ['#topo', 'data:image/png;base64,AAAA']) {
      img.setAttribute('src', untouched);
      expect(img.getAttribute('src')).toBe(untouched);
    }
  });

  it('finds the root from a page in a folder of the archive', async () => {
    const window = await servedAt(`${root}embed/player.html`, map('../'));
    window.fetch('/api/x.json');
    expect(window.asked).toEqual([`${root}api/x.json`]);
  });
});
