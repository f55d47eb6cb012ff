import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  archiveName,
  asSpecifier,
  relativeFolderReference,
  relativeReference,
  settleNames,
} from './archive-paths';
import { extensionFor, type FileType } from './file-types';

const SITE = 'https://site.test';
const as = (mime: string, generic = false): FileType => ({ mime, generic });
const name = (url: string, type: FileType) =>
  archiveName(new URL(url), SITE, (ext) => extensionFor(type, ext));
const tag = (search: string) => createHash('sha1').update(search).digest('hex').slice(0, 8);

describe('archive names', () => {
  it('mirrors site paths and puts other hosts under _externos/<host>[_<port>]', () => {
    expect(name(`${SITE}/css/site.css`, as('text/css'))).toBe('css/site.css');
    expect(name(`${SITE}/lp/oferta/`, as('text/html'))).toBe('lp/oferta/index.html');
    expect(name('http://127.0.0.2:8080/lib/x.js', as('text/javascript'))).toBe(
      '_externos/127.0.0.2_8080/lib/x.js',
    );
  });

  it('gives the extension the type calls for when the URL has none, keeping query variants apart', () => {
    const search = '?family=Lato:400,700';
    expect(name(`https://fonts.test/css${search}`, as('text/css'))).toBe(
      `_externos/fonts.test/css-${tag(search)}.css`,
    );
    expect(name('https://gstatic.test/s/lato/v24/S6uyw4BMUTPHjx4wXg', as('font/woff2'))).toBe(
      '_externos/gstatic.test/s/lato/v24/S6uyw4BMUTPHjx4wXg.woff2',
    );
    expect(name(`${SITE}/photo-1522071820081?w=800&q=80`, as('image/jpeg'))).toBe(
      `photo-1522071820081-${tag('?w=800&q=80')}.jpg`,
    );
    expect(name(`${SITE}/logo`, as('image/svg+xml'))).toBe('logo.svg');
    expect(name(`${SITE}/api/oferta`, as('application/json'))).toBe('api/oferta.json');
    expect(name(`${SITE}/img/v.png?v=1`, as('image/png'))).toBe(`img/v-${tag('?v=1')}.png`);
    expect(name(`${SITE}/img/v.png?v=2`, as('image/png'))).not.toBe(
      name(`${SITE}/img/v.png?v=1`, as('image/png')),
    );
  });

  it('replaces a known extension of another type and follows any other', () => {
    expect(name(`${SITE}/img/foto.jpg`, as('image/webp'))).toBe('img/foto.webp');
    expect(name(`${SITE}/js/app.mjs`, as('text/javascript'))).toBe('js/app.js');
    expect(name(`${SITE}/lib/jquery.min`, as('text/javascript'))).toBe('lib/jquery.min.js');
    expect(name(`${SITE}/estilo.php?v=3`, as('text/css'))).toBe(`estilo.php-${tag('?v=3')}.css`);
    expect(name(`${SITE}/img/Foto.JPEG`, as('image/jpeg'))).toBe('img/Foto.JPEG');
  });

  it('keeps a generic type as the URL names it (text/plain without one becomes .txt)', () => {
    expect(name(`${SITE}/js/app.js`, as('application/octet-stream', true))).toBe('js/app.js');
    expect(name(`${SITE}/dados`, as('application/octet-stream', true))).toBe('dados');
    expect(name(`${SITE}/leia-me`, as('text/plain', true))).toBe('leia-me.txt');
    expect(name(`${SITE}/x.unknown`, as('application/x-shockwave-flash'))).toBe('x.unknown');
  });

  it('decodes names and replaces what no file system takes', () => {
    expect(name(`${SITE}/a%20b/c:d%3F.png`, as('image/png'))).toBe('a b/c_d_.png');
    expect(name(`${SITE}/x/..%2F..%2Fy.png`, as('image/png'))).toBe('x/.._.._y.png');
    expect(name(`${SITE}/x/%2e%2e/y.png`, as('image/png'))).toBe('y.png'); // the URL parser resolved it
  });
});

describe('settled names', () => {
  it('gives the page index.html and moves a name taken (any letter case) or used as a folder aside', () => {
    const page = `${SITE}/lp/`;
    const candidates = new Map([
      [page, 'lp/index.html'],
      [`${SITE}/index.html`, 'index.html'],
      [`${SITE}/img/Foto.png`, 'img/Foto.png'],
      [`${SITE}/img/foto.png`, 'img/foto.png'],
      [`${SITE}/docs`, 'docs'],
      [`${SITE}/docs/a.css`, 'docs/a.css'],
    ]);
    const names = settleNames(page, candidates);
    expect(names.get(page)).toBe('index.html');
    expect(names.get(`${SITE}/index.html`)).toBe(`index-${tag(`${SITE}/index.html`)}.html`);
    expect(names.get(`${SITE}/img/Foto.png`)).toBe('img/Foto.png');
    expect(names.get(`${SITE}/img/foto.png`)).toBe(`img/foto-${tag(`${SITE}/img/foto.png`)}.png`);
    expect(names.get(`${SITE}/docs`)).toBe(`docs-${tag(`${SITE}/docs`)}`);
    expect(names.get(`${SITE}/docs/a.css`)).toBe('docs/a.css');
    expect(new Set([...names.values()].map((n) => n.toLowerCase())).size).toBe(names.size);
  });
});

describe('references between archive files', () => {
  it('is relative to the folder of the file that holds it', () => {
    expect(relativeReference('', 'css/site.css')).toBe('css/site.css');
    expect(relativeReference('css', 'img/x.png')).toBe('../img/x.png');
    expect(relativeReference('css', 'css/more.css')).toBe('more.css');
    expect(relativeReference('_externos/cdn/css', '_externos/cdn/fonts/f.woff2')).toBe('../fonts/f.woff2');
    expect(relativeReference('lp/oferta/css', '_externos/fonts.test/css-1.css')).toBe(
      '../../../_externos/fonts.test/css-1.css',
    );
    expect(relativeReference('', 'index.html')).toBe('index.html');
  });

  it('percent-encodes what a URL cannot hold and guards a colon in the first segment', () => {
    expect(relativeReference('', 'a b/c#d?.png')).toBe('a%20b/c%23d%3F.png');
    expect(relativeReference('', 'produto@2x.png')).toBe('produto@2x.png');
    expect(relativeReference('', 'a,b.png')).toBe('a%2Cb.png');
    expect(relativeReference('', 'a:b.png')).toBe('./a:b.png');
  });

  it('names folders with a trailing slash', () => {
    expect(relativeFolderReference('', '')).toBe('./');
    expect(relativeFolderReference('', 'assets')).toBe('assets/');
    expect(relativeFolderReference('a/b', '')).toBe('../../');
    expect(relativeFolderReference('a', 'a/c')).toBe('c/');
    expect(relativeFolderReference('a', 'b')).toBe('../b/');
  });

  it('writes a module specifier that is never a bare name', () => {
    expect(asSpecifier('js/util.js')).toBe('./js/util.js');
    expect(asSpecifier('../util.js')).toBe('../util.js');
    expect(asSpecifier('./')).toBe('./');
  });
});
