import type { IncomingMessage, ServerResponse } from 'node:http';
import { unzipSync } from 'fflate';

export { startSite, type TestSite } from '../../testing/loopback-site';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Handler = (req: IncomingMessage, res: ServerResponse, path: string) => void;

export function send(res: ServerResponse, status: number, body: string | Buffer, type: string, extra = {}) {
  res.writeHead(status, { 'content-type': type, ...extra });
  res.end(body);
}

/**
 * The landing page of the tests (site A), with a third-party host (site B, another origin): every kind of file
 * a page refers to, statically and from scripts (a module and its import, fetched JSON, image URLs built in code,
 * an absolute URL in an inline script), plus redirects, a login wall and a 404.
 */
export function landingHandler(cdnOrigin: () => string, selfOrigin: () => string): Handler {
  return (_req, res, path) => {
    const url = new URL(path, 'http://x');
    const p = url.pathname;
    const html = (body: string) => send(res, 200, body, 'text/html; charset=utf-8');
    if (p === '/' || p === '/landing') {
      return html(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Oferta</title>
<link rel="stylesheet" href="/css/site.css">
<link rel="icon" href="/favicon.ico">
<link rel="stylesheet" href="${cdnOrigin()}/lib/cdn.css">
<script src="${cdnOrigin()}/lib/cdn.js"></script>
<style>.hero{height:40px;background:url(/img/hero.png)} @media (min-width: 3000px){.hero{background:url("/img/hero-4k.png")}}</style>
</head><body>
<div class="hero" style="background-image:url('img/inline.png')"></div>
<img src="/img/a.png" srcset="/img/a-2x.png 2x, /img/a-3x.png 3x" alt="a">
<picture><source media="(min-width: 5000px)" srcset="/img/huge-screen.png"><img src="/img/pic.png" alt="p"></picture>
<img data-src="/img/lazy.png" alt="l">
<video poster="/img/poster.png"><source src="/media/clip.mp4" type="video/mp4"></video>
<img src="/img/v.png?v=1" alt="v1"><img src="/img/v.png?v=2" alt="v2">
<img src="/img/redir.png" alt="r">
<a href="/obrigado">Comprar</a>
<button id="go">Ver oferta</button><div id="out"></div>
<script type="module" src="/js/app.js"></script>
<script>window.ABS = fetch('${selfOrigin()}/api/absolute.json');</script>
</body></html>`);
    }
    if (p === '/pasta/pagina') {
      return html(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Subpágina</title></head><body>
<img src="img/rel.png" alt="r"><div id="saida"></div>
<script>
var CDN = '${cdnOrigin()}';
fetch('dados.json').then((r) => r.json()).then((d) => {
  document.getElementById('saida').textContent = d.texto;
  const i = new Image(); i.id = 'montada'; i.src = 'img/' + d.img; document.body.append(i);
  const j = document.createElement('img'); j.id = 'terceiro'; j.setAttribute('src', CDN + '/img/cdn-sub.png'); document.body.append(j);
  document.documentElement.dataset.pronto = '1';
});
</script></body></html>`);
    }
    if (p === '/pasta/dados.json')
      return send(res, 200, '{"texto":"ok","img":"montada.png"}', 'application/json');
    if (p.startsWith('/pasta/img/')) return send(res, 200, PNG, 'image/png');
    if (p === '/css/site.css')
      return send(
        res,
        200,
        `@import url(/css/more.css);\n.x{background:image-set("/img/set-1x.png" 1x, "/img/set-2x.png" 2x)}\n@font-face{font-family:F;src:url(/fonts/f.woff2) format("woff2")}\nbody{font-family:F}`,
        'text/css',
      );
    if (p === '/css/more.css')
      return send(res, 200, '.more{background:url(../img/from-import.png)}', 'text/css');
    if (p === '/js/app.js')
      return send(
        res,
        200,
        `import { label } from './mod.js';
fetch('/api/x.json').then((r) => r.json()).then((d) => {
  document.getElementById('out').textContent = label(d.msg);
  const img = new Image(); img.src = '/img/built-' + d.n + '.png'; document.body.append(img);
});
const cdn = '${cdnOrigin()}';
const i2 = document.createElement('img'); i2.src = cdn + '/img/cdn-built.png'; document.body.append(i2);
document.getElementById('go').addEventListener('click', () => { document.getElementById('out').textContent = 'clicado'; });`,
        'text/javascript',
      );
    if (p === '/js/mod.js')
      return send(res, 200, 'export const label = (m) => "*" + m + "*";', 'text/javascript');
    if (p === '/api/x.json')
      return send(res, 200, JSON.stringify({ msg: 'dados', n: 7 }), 'application/json');
    if (p === '/api/absolute.json') return send(res, 200, '{"ok":true}', 'application/json');
    if (p === '/img/redir.png') return send(res, 302, '', 'text/plain', { location: '/img/real.png' });
    if (p === '/fonts/f.woff2') return send(res, 200, Buffer.from('wOF2fake'), 'font/woff2');
    if (p === '/media/clip.mp4') return send(res, 200, Buffer.from('fake-mp4'), 'video/mp4');
    if (p === '/favicon.ico') return send(res, 200, PNG, 'image/x-icon');
    if (p.startsWith('/img/')) return send(res, 200, PNG, 'image/png');
    // Redirect chain to the landing page; a login wall; anything else is the site's 404 page.
    if (p === '/antiga') return send(res, 301, '', 'text/plain', { location: '/mais-antiga' });
    if (p === '/mais-antiga')
      return send(res, 302, '', 'text/plain', { location: `${selfOrigin()}/landing` });
    if (p === '/painel') return send(res, 302, '', 'text/plain', { location: '/login?volta=/painel' });
    if (p === '/login') return html('<form><input type="password"></form>');
    if (p === '/robots.txt') return send(res, 200, 'User-agent: *\nDisallow: /privado/\n', 'text/plain');
    return send(res, 404, '<!doctype html><h1>Página não encontrada</h1>', 'text/html');
  };
}

/** The third-party host (site B): a script, a style sheet with its own image, images built by the page's code. */
export const cdnHandler: Handler = (_req, res, path) => {
  const p = new URL(path, 'http://x').pathname;
  if (p === '/lib/cdn.js') return send(res, 200, 'window.CDN_OK = true;', 'application/javascript');
  if (p === '/lib/cdn.css') return send(res, 200, '.c{background:url(cdn-bg.png)}', 'text/css');
  if (p.endsWith('.png')) return send(res, 200, PNG, 'image/png');
  return send(res, 404, 'não', 'text/plain');
};

export function unzip(data: Uint8Array): Record<string, string> {
  const files = unzipSync(data);
  return Object.fromEntries(
    Object.entries(files).map(([name, bytes]) => [name, Buffer.from(bytes).toString('utf8')]),
  );
}
