import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';

/**
 * The landing page the cloner's browser test and bench clone (issue #14), on 127.0.0.1: the site itself and a
 * third-party host (another port), with what page builders do: a style sheet with other images per screen size,
 * a srcset, a module that imports another and fetches JSON, images whose URLs are built in code (one from an
 * absolute third-party URL read from the page), a third-party script and style sheet, and a button whose click the
 * page's script handles. Deterministic: no animation, no clock.
 */
export interface Landing {
  origin: string;
  cdnOrigin: string;
  /** Requests each host received. */
  sitePaths: string[];
  cdnPaths: string[];
  close(): Promise<void>;
}

/** A PNG of `w`x`h` whose colours come from its name (stripes, so a wrong or missing image shows). */
function png(name: string, w: number, h: number): Buffer {
  const seed = createHash('sha1').update(name).digest();
  const image = new PNG({ width: w, height: h });
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      const stripe = Math.floor((x + y) / 12) % 2;
      image.data[i] = (seed[0] ?? 0) ^ (stripe * 90);
      image.data[i + 1] = (seed[1] ?? 0) ^ (stripe * 60);
      image.data[i + 2] = seed[2] ?? 0;
      image.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(image);
}

const IMAGE_SIZES: Record<string, [number, number]> = {
  'hero.png': [1200, 300],
  'hero-mobile.png': [400, 300],
  'produto.png': [240, 160],
  'produto@2x.png': [480, 320],
  'badge.png': [40, 40],
  'selo.png': [80, 80],
};

/** `extra`: how many further small images each host serves (the bench's 40 files), half loaded by script. */
export async function startCloneLanding(extra = 0): Promise<Landing> {
  const sitePaths: string[] = [];
  const cdnPaths: string[] = [];
  let origin = '';
  let cdnOrigin = '';
  const send = (res: ServerResponse, type: string, body: string | Buffer, status = 200) => {
    res.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*' });
    res.end(body);
  };
  const extras = Array.from({ length: extra }, (_, i) => i);
  const site = (req: IncomingMessage, res: ServerResponse) => {
    const p = new URL(req.url ?? '/', 'http://x').pathname;
    sitePaths.push(req.url ?? '/');
    if (p === '/')
      return send(
        res,
        'text/html; charset=utf-8',
        `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="cdn" content="${cdnOrigin}">
<title>Oferta Especial</title>
<link rel="icon" href="/favicon.png">
<link rel="stylesheet" href="/css/style.css">
<link rel="stylesheet" href="${cdnOrigin}/lib/theme.css">
<script src="${cdnOrigin}/lib/widget.js" defer></script>
<script type="module" src="/js/app.js"></script>
</head><body>
<header class="hero"><h1 id="titulo">Carregando...</h1><span class="badge">Novo</span></header>
<main>
<img class="produto" src="/img/produto.png" srcset="/img/produto.png 1x, /img/produto@2x.png 2x" width="240" height="160" alt="Produto">
<p id="preco"></p>
<div id="widget"></div>
<div id="depoimentos"></div>
<div class="grade">${extras
          .filter((i) => i % 2 === 0)
          .map(
            (i) => `<img src="${i % 4 === 0 ? '' : cdnOrigin}/extra/${i}.png" width="24" height="24" alt="">`,
          )
          .join('')}</div>
<button id="comprar" type="button">Quero comprar</button>
<p id="etapa"></p>
</main></body></html>`,
      );
    if (p === '/css/style.css')
      return send(
        res,
        'text/css',
        `body{margin:0;font-family:sans-serif;background:#111;color:#eee}
.hero{height:220px;background:url(../img/hero.png) center/cover;display:flex;align-items:center;gap:12px;padding:0 24px}
@media (max-width:600px){.hero{background-image:url("/img/hero-mobile.png")}}
main{padding:16px 24px}.grade img{margin:2px}
#comprar{font-size:18px;padding:10px 18px;background:#16a34a;color:#fff;border:0}`,
      );
    if (p === '/js/app.js')
      return send(
        res,
        'text/javascript',
        `import { formatPrice } from './format.js';
const cdn = document.querySelector('meta[name=cdn]').content;
const data = await (await fetch('/api/oferta.json')).json();
document.getElementById('titulo').textContent = data.titulo;
document.getElementById('preco').textContent = formatPrice(data.precoCentavos);
for (const n of data.depoimentos) {
  const img = document.createElement('img');
  img.src = '/img/depoimento-' + n + '.png'; img.width = 60; img.height = 60; img.alt = 'Depoimento ' + n;
  document.getElementById('depoimentos').append(img);
}
const selo = new Image(80, 80); selo.alt = 'Selo'; selo.src = cdn + '/img/selo.png';
document.getElementById('depoimentos').append(selo);
for (const i of data.extras) {
  const img = document.createElement('img');
  img.width = 24; img.height = 24; img.alt = '';
  img.src = (i % 4 === 1 ? cdn : '') + '/extra/' + i + '.png';
  document.querySelector('.grade').append(img);
}
document.getElementById('comprar').addEventListener('click', () => {
  document.getElementById('etapa').textContent = 'Etapa 2: escolha o seu plano';
});
document.documentElement.dataset.pronto = '1';`,
      );
    if (p === '/js/format.js')
      return send(
        res,
        'text/javascript',
        `export const formatPrice = (c) => 'R$ ' + (c / 100).toFixed(2).replace('.', ',');`,
      );
    if (p === '/api/oferta.json')
      return send(
        res,
        'application/json',
        JSON.stringify({
          titulo: 'Método Escala 2.0',
          precoCentavos: 19700,
          depoimentos: [1, 2, 3],
          extras: extras.filter((i) => i % 2 === 1),
        }),
      );
    if (p === '/favicon.png') return send(res, 'image/png', png('favicon', 16, 16));
    const image = /^\/img\/(.+\.png)$/.exec(p)?.[1];
    if (image) {
      const [w, h] = IMAGE_SIZES[image] ?? [60, 60];
      return send(res, 'image/png', png(image, w, h));
    }
    if (/^\/extra\/\d+\.png$/.test(p)) return send(res, 'image/png', png(p, 24, 24));
    return send(res, 'text/html', '<h1>Página não encontrada</h1>', 404);
  };
  const cdn = (req: IncomingMessage, res: ServerResponse) => {
    const p = new URL(req.url ?? '/', 'http://x').pathname;
    cdnPaths.push(req.url ?? '/');
    if (p === '/lib/theme.css')
      return send(
        res,
        'text/css',
        '.badge{display:inline-block;padding:4px 10px 4px 34px;background:#f59e0b url(badge.png) no-repeat 4px center/24px 24px;color:#111;font-weight:bold}',
      );
    if (p === '/lib/widget.js')
      return send(
        res,
        'application/javascript',
        `document.getElementById('widget').textContent = 'Widget de terceiros carregado';`,
      );
    if (p === '/lib/badge.png' || p === '/img/selo.png') return send(res, 'image/png', png(p, 80, 80));
    if (/^\/extra\/\d+\.png$/.test(p)) return send(res, 'image/png', png(p, 24, 24));
    return send(res, 'text/plain', 'não', 404);
  };
  const servers = [createServer(site), createServer(cdn)];
  const ports = await Promise.all(servers.map((s) => listen(s)));
  origin = `http://127.0.0.1:${ports[0]}`;
  cdnOrigin = `http://127.0.0.1:${ports[1]}`;
  return {
    origin,
    cdnOrigin,
    sitePaths,
    cdnPaths,
    close: () => Promise.all(servers.map(closeServer)).then(() => {}),
  };
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}
function closeServer(server: Server) {
  return new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
