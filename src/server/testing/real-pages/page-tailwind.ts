import { CDN } from './cdn';
import { css, html, js, type Routes } from './hosts';
import { picture } from './pictures';
import type { RealPage } from './real-page';

/**
 * A Tailwind-built SaaS page: one compiled utility sheet (`/dist/output.css?id=…`), Inter from the Google-Fonts-like
 * host (css2, several weights), photos from the image service in `<picture>` with a WebP `<source>` and `w`
 * srcsets (each width a query variant of one extension-less URL), inline SVG icons and a menu script that also
 * puts extension-less files on the page where no hook sees them: an `<img>` in an HTML string (innerHTML) and a
 * CSS `url()` through the CSSOM, by the site's path; an import map naming an extension-less module by its path.
 */
export const tailwind: RealPage = {
  id: 'tailwind',
  title: 'Tailwind (srcset com variantes de query, <picture>, Inter)',
  path: '/',
  routes: (at) => {
    const features = [
      [
        'Painel em tempo real',
        'Acompanhe vendas, reembolsos e ROAS por campanha, atualizados a cada minuto.',
      ],
      ['Alertas inteligentes', 'Saiba na hora quando um anúncio passa do custo por venda que você definiu.'],
      ['Relatórios prontos', 'Envie ao cliente um PDF com a sua marca toda segunda-feira, sem planilhas.'],
      ['Integrações', 'Hotmart, Kiwify, Eduzz, Meta e Google Ads conectados em poucos cliques.'],
    ];
    const plans = [
      ['Essencial', 'R$ 97', ['1 conta de anúncios', 'Relatório semanal']],
      [
        'Profissional',
        'R$ 197',
        ['5 contas de anúncios', 'Alertas por WhatsApp', 'Relatórios com sua marca'],
      ],
      ['Agência', 'R$ 497', ['Contas ilimitadas', 'Usuários ilimitados', 'Suporte prioritário']],
    ];
    const photo = (id: string, w: number, format: 'jpg' | 'webp' = 'jpg') =>
      `${at.cdn}${CDN.photo(id, w, format)}`;
    const srcset = (id: string, format: 'jpg' | 'webp') =>
      [480, 960].map((w) => `${photo(id, w, format)} ${w}w`).join(', ');
    const icon =
      '<svg class="h-6 w-6 text-indigo" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true"><path d="M5 13l4 4L19 7"/></svg>';
    const page = `<!doctype html>
<html lang="pt-BR" class="scroll-smooth"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Métrica — o painel do gestor de tráfego</title>
<link rel="preconnect" href="${at.fontsCss}"><link href="${at.fontsCss}/css2?family=Inter:wght@400;600;800&amp;display=swap" rel="stylesheet">
<link href="/dist/output.css?id=8f2c1d" rel="stylesheet">
<script type="importmap">{"imports":{"contagem":"/js/contagem"}}</script>
</head><body class="font-sans text-slate-900 bg-white antialiased">
<header class="border-b"><div class="mx-auto max-w-6xl px-6 py-4 flex items-center justify-between"><a href="/" class="text-xl font-extrabold text-indigo">Métrica</a>
<button id="menu" class="md-hidden rounded border px-3 py-1" aria-expanded="false">Menu</button>
<nav id="nav" class="hidden md-flex gap-6 text-sm font-semibold"><a href="#recursos">Recursos</a><a href="#precos">Preços</a><a href="/entrar">Entrar</a></nav></div></header>
<section class="mx-auto max-w-6xl px-6 py-16 grid md-grid-cols-2 gap-10 items-center">
<div><p class="text-sm font-semibold text-indigo uppercase tracking-wide">Para gestores de tráfego</p><h1 class="mt-2 text-4xl md-text-5xl font-extrabold leading-tight">Todas as suas campanhas em um só painel</h1>
<p class="mt-4 text-lg text-slate-600">Pare de abrir dez abas por dia. Veja o que dá lucro e o que queima verba, em tempo real.</p>
<a href="#precos" class="mt-8 inline-block rounded-lg bg-indigo px-6 py-3 font-semibold text-white">Teste grátis por 14 dias</a>
<div class="mt-6 flex items-center gap-4"><span id="selo" class="inline-block h-12 w-12"></span><span id="faixa" class="inline-block h-12 rounded" style="width:120px;background-size:cover"></span><span id="contagem" class="text-sm font-semibold text-slate-600"></span></div></div>
<picture><source type="image/webp" srcset="${srcset('painel', 'webp')}" sizes="(min-width: 768px) 50vw, 100vw"><img class="rounded-xl shadow-xl w-full" src="${photo('painel', 960)}" srcset="${srcset('painel', 'jpg')}" sizes="(min-width: 768px) 50vw, 100vw" width="960" height="640" alt="O painel da Métrica"></picture>
</section>
<section id="recursos" class="bg-slate-50 py-16"><div class="mx-auto max-w-6xl px-6"><h2 class="text-3xl font-extrabold text-center">Tudo o que você precisa</h2>
<div class="mt-10 grid sm-grid-cols-2 gap-8">${features
      .map(
        ([t, d]) =>
          `<div class="flex gap-4">${icon}<div><h3 class="font-semibold">${t}</h3><p class="mt-1 text-slate-600">${d}</p></div></div>`,
      )
      .join('')}</div></div></section>
<section class="mx-auto max-w-6xl px-6 py-16 grid md-grid-cols-3 gap-6">${[
      'cliente-1',
      'cliente-2',
      'cliente-3',
    ]
      .map(
        (id, i) =>
          `<figure class="rounded-xl border p-6"><img class="h-12 w-12 rounded-full" src="${photo(id, 96)}" width="48" height="48" alt=""><blockquote class="mt-4 text-slate-700">“Economizei ${3 + i} horas por semana só com os relatórios.”</blockquote></figure>`,
      )
      .join('')}</section>
<section id="precos" class="bg-slate-900 text-white py-16"><div class="mx-auto max-w-6xl px-6"><h2 class="text-3xl font-extrabold text-center">Planos simples</h2>
<div class="mt-10 grid md-grid-cols-3 gap-6">${plans
      .map(
        ([name, price, items]) =>
          `<div class="rounded-xl bg-slate-800 p-8"><h3 class="font-semibold">${name}</h3><p class="mt-2 text-4xl font-extrabold">${price}<span class="text-base font-normal">/mês</span></p><ul class="mt-6 space-y-2 text-slate-300">${(items as string[]).map((i) => `<li>✓ ${i}</li>`).join('')}</ul></div>`,
      )
      .join('')}</div></div></section>
<footer class="py-8 text-center text-sm text-slate-600">© 2026 Métrica Tecnologia Ltda.</footer>
<script src="/js/app.js?v=2" defer></script>
<script type="module">import { vagas } from 'contagem'; document.getElementById('contagem').textContent = vagas + ' vagas com desconto';</script>
</body></html>`;
    const sheet = `/*! tailwindcss v3.4.4 | MIT License | https://tailwindcss.com */
*,::after,::before{box-sizing:border-box;border:0 solid #e5e7eb}html{line-height:1.5;-webkit-text-size-adjust:100%}body{margin:0;line-height:inherit}h1,h2,h3,p,figure,blockquote{margin:0}ul{list-style:none;margin:0;padding:0}img,svg{display:block;vertical-align:middle}img{max-width:100%;height:auto}a{color:inherit;text-decoration:inherit}button{font:inherit;color:inherit;background:transparent}
.font-sans{font-family:Inter,ui-sans-serif,system-ui,sans-serif}.antialiased{-webkit-font-smoothing:antialiased}
.mx-auto{margin-left:auto;margin-right:auto}.max-w-6xl{max-width:72rem}.px-6{padding-left:1.5rem;padding-right:1.5rem}.px-3{padding-left:.75rem;padding-right:.75rem}.py-1{padding-top:.25rem;padding-bottom:.25rem}.py-3{padding-top:.75rem;padding-bottom:.75rem}.py-4{padding-top:1rem;padding-bottom:1rem}.py-8{padding-top:2rem;padding-bottom:2rem}.py-16{padding-top:4rem;padding-bottom:4rem}.p-6{padding:1.5rem}.p-8{padding:2rem}
.mt-1{margin-top:.25rem}.mt-2{margin-top:.5rem}.mt-4{margin-top:1rem}.mt-6{margin-top:1.5rem}.mt-8{margin-top:2rem}.mt-10{margin-top:2.5rem}.space-y-2>*+*{margin-top:.5rem}
.flex{display:flex}.grid{display:grid}.hidden{display:none}.inline-block{display:inline-block}.items-center{align-items:center}.justify-between{justify-content:space-between}.gap-4{gap:1rem}.gap-6{gap:1.5rem}.gap-8{gap:2rem}.gap-10{gap:2.5rem}
.h-6{height:1.5rem}.w-6{width:1.5rem}.h-12{height:3rem}.w-12{width:3rem}.w-full{width:100%}.rounded{border-radius:.25rem}.rounded-lg{border-radius:.5rem}.rounded-xl{border-radius:.75rem}.rounded-full{border-radius:9999px}.border{border-width:1px}.border-b{border-bottom-width:1px}
.shadow-xl{box-shadow:0 20px 25px -5px rgb(0 0 0/.1),0 8px 10px -6px rgb(0 0 0/.1)}
.text-sm{font-size:.875rem;line-height:1.25rem}.text-base{font-size:1rem}.text-lg{font-size:1.125rem;line-height:1.75rem}.text-xl{font-size:1.25rem;line-height:1.75rem}.text-3xl{font-size:1.875rem;line-height:2.25rem}.text-4xl{font-size:2.25rem;line-height:2.5rem}
.font-normal{font-weight:400}.font-semibold{font-weight:600}.font-extrabold{font-weight:800}.leading-tight{line-height:1.25}.uppercase{text-transform:uppercase}.tracking-wide{letter-spacing:.025em}.text-center{text-align:center}
.text-indigo{color:#4f46e5}.bg-indigo{background-color:#4f46e5}.text-white{color:#fff}.bg-white{background-color:#fff}.text-slate-900{color:#0f172a}.text-slate-700{color:#334155}.text-slate-600{color:#475569}.text-slate-300{color:#cbd5e1}.bg-slate-50{background-color:#f8fafc}.bg-slate-800{background-color:#1e293b}.bg-slate-900{background-color:#0f172a}
@media (min-width:640px){.sm-grid-cols-2{grid-template-columns:repeat(2,minmax(0,1fr))}}
@media (min-width:768px){.md-grid-cols-2{grid-template-columns:repeat(2,minmax(0,1fr))}.md-grid-cols-3{grid-template-columns:repeat(3,minmax(0,1fr))}.md-flex{display:flex}.md-hidden{display:none}.md-text-5xl{font-size:3rem;line-height:1}}`;
    const script = `const menu = document.getElementById('menu');
const nav = document.getElementById('nav');
menu.addEventListener('click', () => {
  const open = menu.getAttribute('aria-expanded') !== 'true';
  menu.setAttribute('aria-expanded', String(open));
  nav.classList.toggle('hidden', !open);
});
document.getElementById('selo').innerHTML = '<img src="/img/selo" width="48" height="48" alt="Selo de garantia">';
document.getElementById('faixa').style.backgroundImage = 'url(/img/faixa)';`;
    const routes: Routes = (path) => {
      if (path === '/') return html(page);
      if (path === '/dist/output.css') return css(sheet);
      if (path === '/js/app.js') return js(script);
      if (path === '/js/contagem') return { type: 'text/javascript', body: 'export const vagas = 12;' };
      if (path === '/img/selo')
        return picture('selo', 48, 48, 'png').then((body) => ({ type: 'image/png', body }));
      if (path === '/img/faixa')
        return picture('faixa', 240, 96).then((body) => ({ type: 'image/jpeg', body }));
      return null;
    };
    return routes;
  },
};
