import { CDN } from './cdn';
import { css, html, js, type Routes } from './hosts';
import { picture } from './pictures';
import type { RealPage } from './real-page';

/**
 * A lazy-load and carousel demo (`/demos/galeria.html`): jQuery and a lazy-load library from the CDN host, a carousel
 * plugin of the site whose slides take their backgrounds from `data-bg` and build their dots, and a grid of images
 * that arrive only from `data-src` / `data-srcset` (`w` descriptors and `sizes`) when scrolled to, with a
 * placeholder in `src`; a lazy background too. The photos are extension-less, each width a query variant.
 */
export const galeria: RealPage = {
  id: 'galeria',
  title: 'Galeria (lazy-load data-src, carrossel com jQuery)',
  path: '/demos/galeria.html',
  routes: (at) => {
    const slides = [
      ['Paisagens do Sul', 'Serra Gaúcha no outono'],
      ['Litoral', 'Fim de tarde em Trancoso'],
      ['Cerrado', 'Chapada dos Veadeiros'],
    ];
    const photos = Array.from({ length: 12 }, (_, i) => i + 1);
    const placeholder =
      'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 viewBox=%220 0 3 2%22%3E%3C/svg%3E';
    const page = `<!DOCTYPE html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Galeria — demonstração de lazy-load e carrossel</title>
<link rel="stylesheet" href="css/galeria.css">
</head><body>
<h1 class="titulo">Viagens pelo Brasil</h1>
<div class="carrossel" data-intervalo="0">
${slides
  .map(
    ([title, text], i) =>
      `<div class="slide${i === 0 ? ' ativo' : ''}" data-bg="img/slide-${i + 1}?w=1200"><div class="legenda"><h2>${title}</h2><p>${text}</p></div></div>`,
  )
  .join('\n')}
<button type="button" class="anterior" aria-label="Anterior">‹</button><button type="button" class="proximo" aria-label="Próximo">›</button>
<div class="pontos"></div>
</div>
<p class="intro">Role a página: as fotos abaixo só carregam quando chegam perto da tela.</p>
<div class="grade">
${photos
  .map(
    (n) =>
      `<figure><img class="lazy" src="${placeholder}" data-src="img/foto-${n}?w=600" data-srcset="img/foto-${n}?w=300 300w, img/foto-${n}?w=600 600w" sizes="(max-width: 600px) 100vw, 33vw" width="600" height="400" alt="Foto ${n}"><figcaption>Foto ${n} de ${photos.length}</figcaption></figure>`,
  )
  .join('\n')}
</div>
<div class="lazy faixa" data-bg="img/faixa?w=1200"><p>Mais de 200 roteiros pelo país</p></div>
<script src="${at.cdn}${CDN.jquery}"></script>
<script src="${at.cdn}${CDN.lazyload}"></script>
<script src="js/carrossel.js"></script>
<script>
  new LazyLoad({ elements_selector: '.lazy' });
  $('.carrossel').carrossel();
</script>
</body></html>`;
    const styles = `body{margin:0;font-family:Georgia,serif;background:#101418;color:#e8e6e3}.titulo{margin:0;padding:20px 24px;font-size:28px}
.carrossel{position:relative;height:380px;overflow:hidden}.slide{position:absolute;inset:0;background-size:cover;background-position:center;display:none}.slide.ativo{display:block}
.legenda{position:absolute;left:24px;bottom:48px;background:rgba(0,0,0,.55);padding:12px 18px;border-radius:6px}.legenda h2{margin:0 0 4px;font-size:24px}.legenda p{margin:0}
.anterior,.proximo{position:absolute;top:50%;transform:translateY(-50%);width:44px;height:44px;border:0;border-radius:50%;background:rgba(255,255,255,.8);font-size:26px;line-height:1;color:#101418}
.anterior{left:12px}.proximo{right:12px}.pontos{position:absolute;bottom:16px;left:0;right:0;text-align:center}
.pontos span{display:inline-block;width:10px;height:10px;margin:0 4px;border-radius:50%;background:rgba(255,255,255,.5)}.pontos span.ativo{background:#fff}
.intro{padding:16px 24px;margin:0}.grade{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:16px;padding:0 24px 24px}
figure{margin:0}figure img{width:100%;height:auto;aspect-ratio:3/2;background:#1f262d;display:block}figcaption{font-size:14px;padding-top:6px;color:#aab}
.faixa{height:200px;background-color:#1f262d;background-size:cover;display:flex;align-items:center;justify-content:center;font-size:24px}
@media (max-width:600px){.carrossel{height:260px}.legenda{bottom:40px}}`;
    const plugin = `/* carrossel.js: o carrossel da galeria (jQuery) */
$.fn.carrossel = function () {
  return this.each(function () {
    var root = $(this);
    var slides = root.find('.slide');
    var pontos = root.find('.pontos');
    var atual = 0;
    slides.each(function (i, slide) {
      slide.style.backgroundImage = 'url(' + slide.getAttribute('data-bg') + ')';
      pontos.append('<span' + (i === 0 ? ' class="ativo"' : '') + '></span>');
    });
    function mostrar(n) {
      atual = (n + slides.length) % slides.length;
      slides.each(function (i, slide) { slide.classList.toggle('ativo', i === atual); });
      root.find('.pontos span').each(function (i, p) { p.classList.toggle('ativo', i === atual); });
    }
    root.find('.anterior').on('click', function () { mostrar(atual - 1); });
    root.find('.proximo').on('click', function () { mostrar(atual + 1); });
    var intervalo = Number(root.data('intervalo'));
    if (intervalo > 0) setInterval(function () { mostrar(atual + 1); }, intervalo);
  });
};`;
    const routes: Routes = async (path, url) => {
      if (path === '/demos/galeria.html') return html(page);
      if (path === '/demos/css/galeria.css') return css(styles);
      if (path === '/demos/js/carrossel.js') return js(plugin);
      const image = /^\/demos\/img\/((slide|foto)-\d+|faixa)$/.exec(path)?.[1];
      if (image) {
        const w = Math.min(1600, Number(url.searchParams.get('w')) || 600);
        return {
          type: 'image/jpeg',
          body: await picture(`galeria-${image}-${w}`, w, Math.round((w * 2) / 3)),
        };
      }
      return null;
    };
    return routes;
  },
};
