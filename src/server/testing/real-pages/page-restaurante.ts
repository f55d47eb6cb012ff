import { css, html, js, type Routes } from './hosts';
import { logoSvg, picture, tile } from './pictures';
import type { RealPage } from './real-page';

/**
 * A restaurant page whose style sheet is a chain of `@import`s three levels deep, one of them a protocol-relative
 * Google-Fonts-like sheet (`@import url('//…/css?family=Playfair+Display:400,700|Lato:400,400i')`); a style sheet
 * with a query (`main.css?ver=2.1`), `image-set()` with `type()`, an extension-less SVG logo and seal, dish photos
 * without extensions, an inline `<style>` and a style attribute, and a small tab script for the menu.
 */
export const restaurante: RealPage = {
  id: 'restaurante',
  title: 'Restaurante (cadeia de @import, image-set, SVG sem extensão)',
  path: '/',
  routes: (at) => {
    const fontsHost = at.fontsCss.replace(/^https?:/, '');
    const dishes: Record<string, [string, string, string][]> = {
      entradas: [
        ['bolinho', 'Bolinho de bacalhau', 'R$ 38,00'],
        ['pastel', 'Pastel de queijo da Canastra', 'R$ 32,00'],
        ['salada', 'Salada de folhas com manga', 'R$ 29,00'],
      ],
      pratos: [
        ['moqueca', 'Moqueca capixaba', 'R$ 96,00'],
        ['risoto', 'Risoto de cogumelos', 'R$ 78,00'],
        ['picanha', 'Picanha na brasa com farofa', 'R$ 112,00'],
      ],
      sobremesas: [['pudim', 'Pudim de leite', 'R$ 22,00']],
    };
    const page = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tempero da Vila — Restaurante</title>
<link rel="stylesheet" href="/assets/css/main.css?ver=2.1" media="all">
<style>.reserva{background:#2b1d14 url(img/fundo-reserva.jpg) center/cover no-repeat}</style>
</head><body>
<header class="topo"><img src="/logo" alt="Tempero da Vila" width="160" height="40"><nav><a href="#cardapio">Cardápio</a> <a href="#reserva">Reservas</a></nav></header>
<section class="hero"><div><h1>Cozinha brasileira de verdade</h1><p>Ingredientes da feira, fogo de lenha e receitas de família desde 1998.</p><span class="selo">Eleito o melhor da região</span></div></section>
<section id="cardapio" class="cardapio"><h2>Cardápio</h2>
<div class="abas" role="tablist">${Object.keys(dishes)
      .map(
        (tab, i) =>
          `<button type="button" class="aba${i === 0 ? ' ativa' : ''}" data-aba="${tab}">${tab[0]?.toUpperCase()}${tab.slice(1)}</button>`,
      )
      .join('')}</div>
${Object.entries(dishes)
  .map(
    ([tab, items], i) =>
      `<div class="lista" data-lista="${tab}"${i === 0 ? '' : ' hidden'}>${items
        .map(
          ([slug, name, price]) =>
            `<article class="prato"><img src="/img/pratos/${slug}" width="320" height="213" alt="${name}"><h3>${name}</h3><p class="preco">${price}</p></article>`,
        )
        .join('')}</div>`,
  )
  .join('\n')}
</section>
<section id="reserva" class="reserva"><div style="background-image:url('/img/ornamento.png');background-repeat:repeat-x;padding-top:24px"><h2>Reserve sua mesa</h2><p>Terça a domingo, das 12h às 23h. (27) 3333-4444</p></div></section>
<footer class="rodape">Rua das Palmeiras, 120 — Vitória/ES</footer>
<script src="/assets/js/cardapio.js" defer></script>
</body></html>`;
    const styles: Record<string, string> = {
      '/assets/css/main.css': `@import url("base/reset.css");
@import "base/tipografia.css";
@import "componentes/cardapio.css";
@import url(layout.css) screen;
.hero{min-height:360px;display:flex;align-items:center;padding:0 8%;color:#fff;background-color:#3b2a1e;background-image:url("../img/hero.jpg");background-image:image-set(url("../img/hero.webp") type("image/webp"),url("../img/hero.jpg") type("image/jpeg"));background-size:cover;background-position:center}
.hero h1{font-size:44px;max-width:560px;margin:0 0 12px}`,
      '/assets/css/base/reset.css':
        '*{box-sizing:border-box}body{margin:0}img{max-width:100%;height:auto;display:block}',
      '/assets/css/base/tipografia.css': `@import url('${fontsHost}/css?family=Playfair+Display:400,700|Lato:400,400i');
body{font-family:'Lato',Georgia,serif;font-size:17px;line-height:1.6;color:#2b1d14;background:#fbf6ee}
h1,h2,h3{font-family:'Playfair Display',Georgia,serif;font-weight:700;line-height:1.2}em,.selo{font-style:italic}`,
      '/assets/css/componentes/cardapio.css': `@import "../tema/cores.css";
.cardapio{padding:48px 8%;background:url(../../img/textura.png)}.abas{display:flex;gap:8px;margin-bottom:24px}.aba{font:inherit;padding:8px 18px;border:1px solid var(--vinho);background:transparent;color:var(--vinho);border-radius:999px}
.aba.ativa{background:var(--vinho);color:#fff}.lista[hidden]{display:none}.lista{display:grid;grid-template-columns:repeat(auto-fill,minmax(240px,1fr));gap:24px}
.prato{background:#fff;border-radius:12px;overflow:hidden;box-shadow:0 2px 10px rgba(0,0,0,.08)}.prato h3{font-size:20px;margin:12px 16px 0}.preco{margin:4px 16px 16px;color:var(--vinho);font-weight:bold}`,
      '/assets/css/tema/cores.css': `:root{--vinho:#7b2d26;--creme:#fbf6ee}
.selo{display:inline-block;padding:6px 14px 6px 40px;background:rgba(0,0,0,.35) url(../../img/selo) no-repeat 8px center/24px 24px;border-radius:999px}`,
      '/assets/css/layout.css': `.topo{display:flex;justify-content:space-between;align-items:center;padding:16px 8%;background:#fff}.topo nav a{color:#7b2d26;margin-left:16px;font-weight:bold;text-decoration:none}
.reserva{color:#fff;text-align:center;padding:64px 8%}.rodape{padding:24px;text-align:center;font-size:14px}
@media (max-width:600px){.hero h1{font-size:32px}.topo nav{display:none}}`,
    };
    const script = `document.querySelectorAll('.aba').forEach(function (aba) {
  aba.addEventListener('click', function () {
    document.querySelectorAll('.aba').forEach(function (a) { a.classList.toggle('ativa', a === aba); });
    document.querySelectorAll('.lista').forEach(function (l) { l.hidden = l.dataset.lista !== aba.dataset.aba; });
  });
});`;
    const seal = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="11" fill="#e9c46a"/><path d="M7 12l3 3 7-7" stroke="#7b2d26" stroke-width="2.5" fill="none"/></svg>`;
    const routes: Routes = async (path) => {
      if (path === '/') return html(page);
      const sheet = styles[path];
      if (sheet) return css(sheet);
      if (path === '/assets/js/cardapio.js') return js(script);
      if (path === '/logo') return { type: 'image/svg+xml', body: logoSvg('Tempero da Vila', '#7b2d26') };
      if (path === '/assets/img/selo') return { type: 'image/svg+xml', body: seal };
      if (path === '/assets/img/hero.webp')
        return { type: 'image/webp', body: await picture('hero-restaurante', 1400, 700, 'webp') };
      if (path === '/assets/img/hero.jpg')
        return { type: 'image/jpeg', body: await picture('hero-restaurante', 1400, 700) };
      if (path === '/assets/img/textura.png') return { type: 'image/png', body: await tile('pontos') };
      if (path === '/img/ornamento.png') return { type: 'image/png', body: await tile('ornamento') };
      if (path === '/img/fundo-reserva.jpg')
        return { type: 'image/jpeg', body: await picture('fundo-reserva', 1200, 500) };
      const dish = /^\/img\/pratos\/([a-z]+)$/.exec(path)?.[1];
      if (dish) return { type: 'image/jpeg', body: await picture(`prato-${dish}`, 480, 320) };
      return null;
    };
    return routes;
  },
};
