import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildArchive } from './archive';
import { unzip } from './cloner.test-support';
import type { Captured } from './resource-collector';

const tag = (search: string) => createHash('sha1').update(search).digest('hex').slice(0, 8);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(16)]);
const WEBP = Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'), Buffer.alloc(24)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(16)]);
const WOFF2 = Buffer.concat([Buffer.from('wOF2\x00\x01\x00\x00', 'latin1'), Buffer.alloc(40)]);

const ok = (url: string, type: string, body: string | Buffer): Captured => ({
  url,
  status: 200,
  headers: { 'content-type': type },
  body: Buffer.from(body),
});

/** A sub-path page with what real pages carry: extension-less files, @import chains, lazy images, three hosts. */
const PAGE = 'https://site.test/lp/oferta/';
const page = ok(
  PAGE,
  'text/html',
  `<!doctype html><html><head><title>Oferta</title>
<link rel="preconnect" href="https://fonts.test"><link rel="dns-prefetch" href="https://analytics.test">
<link rel="stylesheet" href="https://fonts.test/css?family=Lato:400,700">
<link rel="stylesheet" href="../../assets/main.css">
<script src="https://cdn.test/jquery.min"></script>
<script type="module">import { x } from './js/util'; fetch('https://site.test/api/oferta');</script>
</head><body>
<div style="background:url('img/fundo')"></div>
<img data-src="img/foto?w=800" alt="">
<img src="logo" srcset="logo 1x, img/logo@2x 2x" alt="">
<iframe src="/embed/player"></iframe>
<a href="/obrigado">Comprar</a>
</body></html>`,
);
const results: Captured[] = [
  ok(
    'https://fonts.test/css?family=Lato:400,700',
    'text/css; charset=utf-8',
    "@font-face{font-family:Lato;src:url(https://gstatic.test/s/lato/v24/abc) format('woff2')}",
  ),
  ok('https://gstatic.test/s/lato/v24/abc', 'font/woff2', WOFF2),
  ok('https://site.test/assets/main.css', 'text/css', '@import "base";\nbody{font-family:Lato}'),
  ok('https://site.test/assets/base', 'text/css', '@import url(tema);\n.b{background:url(../img/bg)}'),
  ok('https://site.test/assets/tema', 'text/css', '.t{color:red}'),
  ok('https://site.test/img/bg', 'image/png', PNG),
  ok(
    'https://cdn.test/jquery.min',
    'application/javascript',
    'window.$ = 1; var seta = "https://cdn.test/img/seta.png";',
  ),
  ok('https://cdn.test/img/seta.png', 'image/png', PNG),
  ok(
    'https://site.test/lp/oferta/js/util',
    'text/javascript',
    "export const x = 1; fetch('https://site.test/api/oferta');",
  ),
  ok(
    'https://site.test/api/oferta',
    'application/json',
    '{"img":"https:\\/\\/site.test\\/lp\\/oferta\\/img\\/foto?w=800"}',
  ),
  ok('https://site.test/lp/oferta/img/fundo', 'image/jpeg', JPEG),
  ok('https://site.test/lp/oferta/img/foto?w=800', 'image/webp', WEBP),
  ok('https://site.test/lp/oferta/logo', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"/>'),
  ok('https://site.test/lp/oferta/img/logo@2x', 'image/png', PNG),
  ok('https://site.test/embed/player', 'text/html', '<!doctype html><img src="thumb" alt="">'),
  ok('https://site.test/embed/thumb', 'image/jpeg', JPEG),
];

describe('the archive of a page', () => {
  const archive = buildArchive({ page, results });
  const files = unzip(archive.zip);
  const index = (files['index.html'] ?? '').replace(/<script data-clube-escala-clone>[\s\S]*?<\/script>/, '');
  const fontCss = `_externos/fonts.test/css-${tag('?family=Lato:400,700')}.css`;
  const foto = `lp/oferta/img/foto-${tag('?w=800')}.webp`;

  it('names each file with the extension its type calls for', () => {
    expect(archive.files).toEqual(
      [
        'index.html',
        fontCss,
        '_externos/gstatic.test/s/lato/v24/abc.woff2',
        'assets/main.css',
        'assets/base.css',
        'assets/tema.css',
        'img/bg.png',
        '_externos/cdn.test/jquery.min.js',
        '_externos/cdn.test/img/seta.png',
        'lp/oferta/js/util.js',
        'api/oferta.json',
        'lp/oferta/img/fundo.jpg',
        foto,
        'lp/oferta/logo.svg',
        'lp/oferta/img/logo@2x.png',
        'embed/player.html',
        'embed/thumb.jpg',
      ].sort(),
    );
  });

  it('writes every reference of the page relative to it, and names its encoding', () => {
    expect(index).toContain(`href="${fontCss}"`);
    expect(index).toContain('href="assets/main.css"');
    expect(index).toContain('src="_externos/cdn.test/jquery.min.js"');
    expect(index).toContain('style="background:url(&quot;lp/oferta/img/fundo.jpg&quot;)"');
    expect(index).toContain(`data-src="${foto}"`);
    expect(index).toContain(
      'src="lp/oferta/logo.svg" srcset="lp/oferta/logo.svg 1x, lp/oferta/img/logo@2x.png 2x"',
    );
    expect(index).toContain('src="embed/player.html"');
    // Inline scripts: URLs relative to the page, module specifiers too (never bare names).
    expect(index).toContain("import { x } from './lp/oferta/js/util.js'; fetch('api/oferta.json');");
    // Connection hints: gone for a host whose files are in the archive, kept for any other.
    expect(index).not.toContain('preconnect');
    expect(index).toContain('<link rel="dns-prefetch" href="https://analytics.test">');
    // Links to other pages stay as written.
    expect(index).toContain('<a href="/obrigado">');
    expect(files['index.html']).toMatch(
      /^<!doctype html><html><head><meta charset="utf-8"><script data-clube/,
    );
  });

  it('writes style sheet references relative to each sheet, through @import chains', () => {
    expect(files[fontCss]).toContain('url("../gstatic.test/s/lato/v24/abc.woff2")');
    expect(files['assets/main.css']).toContain('@import "base.css"');
    expect(files['assets/base.css']).toContain('@import url("tema.css")');
    expect(files['assets/base.css']).toContain('url("../img/bg.png")');
  });

  it('writes URLs in scripts and JSON relative to the page, and module specifiers relative to the module', () => {
    // Scripts' URLs resolve against the document (fetch, innerHTML, the CSSOM): the page is index.html at the root.
    expect(files['_externos/cdn.test/jquery.min.js']).toContain('"_externos/cdn.test/img/seta.png"');
    expect(files['lp/oferta/js/util.js']).toContain("fetch('api/oferta.json')");
    expect(files['api/oferta.json']).toBe(`{"img":"${foto.replaceAll('/', '\\/')}"}`);
  });

  it('gives each page its own shim, addressed from its folder', () => {
    const shim = (html: string) =>
      JSON.parse(/var M=(\{.*?\});var R/.exec(html)?.[1] ?? '{}') as {
        b: string;
        r: string;
        f: string[];
        e: Record<string, number>;
      };
    const own = shim(files['index.html'] ?? '');
    expect(own.b).toBe(PAGE);
    expect(own.r).toBe('');
    expect(own.f[own.e[PAGE] ?? -1]).toBe('index.html');
    expect(own.f[own.e['https://fonts.test/css?family=Lato:400,700'] ?? -1]).toBe(fontCss);
    expect(own.e).not.toHaveProperty(['https://site.test/assets/main.css']);
    const frame = files['embed/player.html'] ?? '';
    expect(frame).toContain('<img src="thumb.jpg" alt="">');
    expect(shim(frame).r).toBe('../');
  });
});

describe('names that follow how the browser took a file', () => {
  it('calls a script answered as text/html a .js file when the page ran it', () => {
    const home = ok('https://site.test/', 'text/html', '<script src="/script.php?v=2"></script>');
    const script = ok('https://site.test/script.php?v=2', 'text/html', 'window.ok = true;');
    const ran = buildArchive({ page: home, results: [script], scripts: new Set([script.url]) });
    expect(ran.files).toContain(`script.php-${tag('?v=2')}.js`);
    expect(unzip(ran.zip)['index.html']).toContain(`src="script.php-${tag('?v=2')}.js"`);
    const notRun = buildArchive({ page: home, results: [script] });
    expect(notRun.files).toContain(`script.php-${tag('?v=2')}.html`);
  });

  it('keeps a <base href> working: rewritten to its folder in the archive, references relative to it', () => {
    const home = ok(
      'https://site.test/p/pagina',
      'text/html',
      '<head><meta charset="utf-8"><base href="https://site.test/static/"></head><img src="a" alt="">',
    );
    const archive = buildArchive({
      page: home,
      results: [ok('https://site.test/static/a', 'image/png', PNG)],
    });
    const html = unzip(archive.zip)['index.html'] ?? '';
    expect(html).toContain('<base href="static/">');
    expect(html).toContain('<img src="a.png" alt="">');
    expect(html).not.toMatch(/<meta charset="utf-8"><meta charset/);
  });
});

describe('URLs that scripts hand to the page outside the shim', () => {
  const home = ok(
    'https://site.test/',
    'text/html',
    '<head><meta charset="utf-8"><script src="/js/app.js"></script></head><body></body>',
  );
  const app = ok(
    'https://site.test/js/app.js',
    'text/javascript',
    [
      'a.innerHTML = \'<img src="/img/foto">\';',
      "b.style.backgroundImage = 'url(/img/bg)';",
      'c.innerHTML = \'<img src="https://site.test/img/abs.png">\';',
      "new Worker('/js/tarefa');",
      "var outro = 'https://cdn.test/img/foto'; var consulta = '/img/foto?w=2'; var classe = 'img/foto';",
    ].join('\n'),
  );
  const shared = [
    ok('https://site.test/img/foto', 'image/png', PNG),
    ok('https://site.test/img/bg', 'image/png', PNG),
    ok('https://site.test/img/abs.png', 'image/png', PNG),
    ok('https://site.test/js/tarefa', 'text/javascript', "fetch('/api/dados');"),
    ok('https://site.test/api/dados', 'application/json', '{"foto":"\\/img\\/foto"}'),
  ];

  it('writes the site paths a script names (HTML strings, CSS url(), workers, JSON) relative to the page', () => {
    const files = unzip(buildArchive({ page: home, results: [app, ...shared] }).zip);
    const code = files['js/app.js'] ?? '';
    expect(code).toContain(`a.innerHTML = '<img src="img/foto.png">';`);
    expect(code).toContain("b.style.backgroundImage = 'url(img/bg.png)';");
    expect(code).toContain(`c.innerHTML = '<img src="img/abs.png">';`);
    expect(code).toContain("new Worker('js/tarefa.js');");
    // Another host's path, a query not fetched and a name without a leading slash stay as written.
    expect(code).toContain(
      "var outro = 'https://cdn.test/img/foto'; var consulta = '/img/foto?w=2'; var classe = 'img/foto';",
    );
    expect(files['api/dados.json']).toBe('{"foto":"img\\/foto.png"}');
  });

  it("writes them relative to the folder of the page's <base href>", () => {
    const based = ok(
      'https://site.test/p/pagina',
      'text/html',
      '<head><base href="/static/"><script src="app.js"></script></head><body></body>',
    );
    const script = ok('https://site.test/static/app.js', 'text/javascript', "a.src = '/img/foto';");
    const files = unzip(buildArchive({ page: based, results: [script, ...shared] }).zip);
    expect(files['static/app.js']).toBe("a.src = '../img/foto.png';");
  });
});

describe('import maps', () => {
  const page = (map: string) =>
    ok(
      'https://site.test/lp/',
      'text/html',
      `<head><meta charset="utf-8"><script type="importmap">${map}</script>
<script type="module">import { createApp } from 'vue'; import u from 'util';</script></head><body></body>`,
    );
  const results = [
    ok('https://cdn.test/vue.esm.js', 'text/javascript', 'export const createApp = 1;'),
    ok('https://site.test/js/util', 'text/javascript', 'export default 1;'),
    ok('https://site.test/js/lib/data', 'text/javascript', 'export default 2;'),
    ok('https://site.test/js/lib/hora.js', 'text/javascript', 'export default 3;'),
  ];
  const mapOf = (html: string) =>
    JSON.parse(/<script type="importmap">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}') as {
      imports: Record<string, string>;
      scopes: Record<string, Record<string, string>>;
    };

  it('sends each address to its file as a relative specifier the browser accepts, scopes and folders too', () => {
    const html =
      unzip(
        buildArchive({
          page: page(
            JSON.stringify({
              imports: {
                vue: 'https://cdn.test/vue.esm.js',
                util: '/js/util',
                'lib/': '/js/lib/',
                'https://cdn.test/vue.esm.js': '../js/util',
                outro: 'https://outro.test/x.js',
              },
              scopes: { '/js/': { vue: 'https://cdn.test/vue.esm.js' } },
            }),
          ),
          results,
        }).zip,
      )['index.html'] ?? '';
    expect(mapOf(html)).toEqual({
      imports: {
        vue: './_externos/cdn.test/vue.esm.js',
        util: './js/util.js',
        'lib/': './js/lib/',
        // A file under the folder whose name gained an extension: an entry of its own.
        'lib/data': './js/lib/data.js',
        './_externos/cdn.test/vue.esm.js': './js/util.js',
        outro: 'https://outro.test/x.js',
      },
      scopes: { './js/': { vue: './_externos/cdn.test/vue.esm.js' } },
    });
    expect(html).toContain("import { createApp } from 'vue'; import u from 'util';");
  });

  it('leaves a map that is not JSON as it is', () => {
    const html = unzip(buildArchive({ page: page('{"imports": '), results }).zip)['index.html'] ?? '';
    expect(html).toContain('<script type="importmap">{"imports": </script>');
  });
});
