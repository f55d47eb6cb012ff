import { css, html, js, json, type Routes } from './hosts';
import { logoSvg, picture } from './pictures';
import type { RealPage } from './real-page';

/**
 * A Brazilian VSL page served under a sub-path (`/lp/oferta/`), every reference relative as page builders write
 * them: a shared sheet two folders up, an extension-less sheet with a query (`css/oferta?v=12`), Montserrat from the
 * Google-Fonts-like host (css2), an extension-less module script with a query that imports another module and
 * fetches JSON by the site's path (`/api/oferta.json`) and relative to the page (`dados/bonus.json`), then builds
 * image URLs relative to the page; testimonials whose images arrive from `data-src` through `setAttribute` when
 * scrolled to; extension-less SVGs in `<img>` and in the style sheet.
 */
export const oferta: RealPage = {
  id: 'oferta',
  title: 'VSL em subpasta /lp/oferta/ (módulo sem extensão, fetch, data-src)',
  path: '/lp/oferta/',
  routes: (at) => {
    const testimonials = [
      ['Ana Paula, Recife', 'Em 30 dias saí do zero para as primeiras vendas todos os dias.'],
      ['Carlos Henrique, Curitiba', 'O método de criativos mudou o meu custo por venda.'],
      ['Juliana Alves, Belém', 'Finalmente entendi como escalar sem perder o controle.'],
      ['Marcos Vinícius, Goiânia', 'Material direto ao ponto, aplicável no mesmo dia.'],
    ];
    const page = `<!DOCTYPE html>
<html lang="pt-BR">
<head>
<meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>Método Escala 2.0 — Assista à aula gratuita</title>
<link href="${at.fontsCss}/css2?family=Montserrat:wght@400;800&amp;display=swap" rel="stylesheet">
<link rel="stylesheet" href="../../assets/css/vsl.css">
<link rel="stylesheet" href="css/oferta?v=12">
<script type="module" src="js/checkout?v=3"></script>
</head>
<body>
<div class="aviso">⚠️ Atenção: esta aula sai do ar em breve</div>
<header class="topo"><img src="img/logo" alt="Método Escala" width="160" height="40"></header>
<main class="conteudo">
<h1>Descubra o método que levou <mark>3.200 alunos</mark> às primeiras vendas em 30 dias</h1>
<div class="vsl"><img src="img/capa-vsl" width="800" height="450" alt="Assista ao vídeo"><span class="play" aria-hidden="true"></span></div>
<section class="oferta"><p class="de">De <s id="preco-cheio"></s> por apenas</p><p class="por" id="preco"></p><p class="parcelas" id="parcelas"></p>
<a class="comprar" href="https://pay.exemplo.com.br/X123?checkoutMode=10">QUERO MINHA VAGA</a><p class="garantia">Garantia incondicional de 7 dias</p></section>
<section class="bonus"><h2>Bônus exclusivos</h2><ul id="bonus"></ul></section>
<section class="depoimentos"><h2>Quem já aplicou</h2>
${testimonials
  .map(
    ([who, text], i) =>
      `<figure class="depoimento"><img data-src="img/depoimento-${i + 1}" src="img/placeholder.svg" width="96" height="96" alt="${who}"><blockquote>“${text}”</blockquote><figcaption>${who}</figcaption></figure>`,
  )
  .join('\n')}
</section>
<details><summary>Por quanto tempo tenho acesso?</summary><p>Acesso por 12 meses, com todas as atualizações.</p></details>
<details><summary>Funciona para iniciantes?</summary><p>Sim: o primeiro módulo parte do zero.</p></details>
</main>
<footer class="rodape">Método Escala © 2026 · Todos os direitos reservados · <a href="/politica-de-privacidade">Política de privacidade</a></footer>
<script>
  var fotos = new IntersectionObserver(function (entradas) {
    entradas.forEach(function (e) {
      if (!e.isIntersecting) return;
      fotos.unobserve(e.target);
      e.target.setAttribute('src', e.target.getAttribute('data-src'));
    });
  }, { rootMargin: '200px' });
  document.querySelectorAll('img[data-src]').forEach(function (img) { fotos.observe(img); });
</script>
</body>
</html>`;
    const shared = `body{margin:0;font-family:'Montserrat',Arial,sans-serif;background:#0b0f14;color:#f1f5f9;line-height:1.5}
.aviso{background:#dc2626;color:#fff;text-align:center;font-weight:800;padding:8px 12px;font-size:14px}
.topo{display:flex;justify-content:center;padding:16px;background:#fff}.conteudo{max-width:820px;margin:0 auto;padding:24px 16px}
h1{font-size:30px;font-weight:800;text-align:center;line-height:1.25}mark{background:#facc15;color:#0b0f14;padding:0 4px}
h2{font-size:24px;font-weight:800;text-align:center;margin-top:40px}.rodape{text-align:center;font-size:13px;padding:24px;color:#94a3b8}
details{background:#111827;border-radius:8px;padding:12px 16px;margin-top:12px}summary{font-weight:800}`;
    const own = `.vsl{position:relative;border-radius:12px;overflow:hidden;box-shadow:0 10px 30px rgba(0,0,0,.5)}.vsl img{width:100%;height:auto;display:block}
.play{position:absolute;left:50%;top:50%;width:84px;height:84px;margin:-42px 0 0 -42px;border-radius:50%;background:rgba(220,38,38,.92) url(../img/play) no-repeat center/36px 36px}
.oferta{margin-top:32px;text-align:center;background:#111827;border:2px solid #facc15;border-radius:16px;padding:24px}
.de{margin:0;color:#94a3b8}.por{margin:4px 0;font-size:44px;font-weight:800;color:#22c55e}.parcelas{margin:0 0 16px}
.comprar{display:inline-block;background:#22c55e;color:#04210f;font-weight:800;font-size:20px;padding:18px 32px;border-radius:10px;text-decoration:none}
.garantia{padding-left:28px;display:inline-block;background:url(../img/selo-garantia) no-repeat left center/22px 22px;margin-top:16px}
.bonus ul{list-style:none;padding:0;display:grid;gap:12px}.bonus li{display:flex;gap:12px;align-items:center;background:#111827;border-radius:10px;padding:10px}
.bonus img{width:72px;height:72px;border-radius:8px;object-fit:cover}
.depoimento{display:flex;gap:16px;align-items:center;margin:0 0 20px;background:#111827;padding:16px;border-radius:12px;flex-wrap:wrap}
.depoimento img{border-radius:50%;width:96px;height:96px;object-fit:cover}.depoimento blockquote{margin:0;flex:1;min-width:200px}.depoimento figcaption{width:100%;color:#facc15;font-weight:800}
@media (max-width:600px){h1{font-size:24px}.por{font-size:36px}}`;
    const checkout = `import { reais } from './moeda.js';
const oferta = await (await fetch('/api/oferta.json')).json();
document.getElementById('preco-cheio').textContent = reais(oferta.cheioCentavos);
document.getElementById('preco').textContent = reais(oferta.precoCentavos);
document.getElementById('parcelas').textContent = 'ou 12x de ' + reais(Math.ceil(oferta.precoCentavos / 12 * 1.1));
const bonus = await (await fetch('dados/bonus.json')).json();
const lista = document.getElementById('bonus');
for (const b of bonus) {
  const li = document.createElement('li');
  const img = new Image(72, 72);
  img.alt = '';
  img.src = 'img/' + b.imagem;
  li.append(img, b.titulo);
  lista.append(li);
}`;
    const icon = (d: string, color: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="${d}" fill="${color}"/></svg>`;
    const routes: Routes = async (path) => {
      if (path === '/lp/oferta/') return html(page);
      if (path === '/lp/oferta')
        return { type: 'text/html', body: '', status: 301, headers: { location: '/lp/oferta/' } };
      if (path === '/assets/css/vsl.css') return css(shared);
      if (path === '/lp/oferta/css/oferta') return css(own);
      if (path === '/lp/oferta/js/checkout') return { type: 'text/javascript', body: checkout };
      if (path === '/lp/oferta/js/moeda.js')
        return js("export const reais = (c) => 'R$ ' + (c / 100).toFixed(2).replace('.', ',');");
      if (path === '/api/oferta.json') return json({ cheioCentavos: 99700, precoCentavos: 49700 });
      if (path === '/lp/oferta/dados/bonus.json')
        return json([
          { titulo: 'Planilha de métricas diárias', imagem: 'bonus-planilha' },
          { titulo: '50 modelos de criativos validados', imagem: 'bonus-criativos' },
          { titulo: 'Grupo de alunos no WhatsApp', imagem: 'bonus-grupo' },
        ]);
      if (path === '/lp/oferta/img/logo')
        return { type: 'image/svg+xml', body: logoSvg('Método Escala', '#0b0f14') };
      if (path === '/lp/oferta/img/play')
        return { type: 'image/svg+xml', body: icon('M8 5v14l11-7z', '#fff') };
      if (path === '/lp/oferta/img/selo-garantia')
        return {
          type: 'image/svg+xml',
          body: icon('M12 2l8 4v6c0 5-3.5 9-8 10-4.5-1-8-5-8-10V6z', '#facc15'),
        };
      if (path === '/lp/oferta/img/placeholder.svg')
        return { type: 'image/svg+xml', body: icon('M0 0h24v24H0z', '#1f2937') };
      if (path === '/lp/oferta/img/capa-vsl')
        return { type: 'image/jpeg', body: await picture('capa-vsl', 800, 450) };
      const image = /^\/lp\/oferta\/img\/((depoimento-\d|bonus-[a-z]+))$/.exec(path)?.[1];
      if (image) return { type: 'image/webp', body: await picture(image, 192, 192, 'webp') };
      return null;
    };
    return routes;
  },
};
