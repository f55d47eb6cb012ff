import { CDN } from './cdn';
import { css, html, js, type Routes } from './hosts';
import { logoSvg, picture } from './pictures';
import type { RealPage } from './real-page';

/**
 * A Start-Bootstrap-"Agency"-like page at the site's root: Bootstrap, the icon font and jQuery from the CDN host,
 * Lato from the Google-Fonts-like host (`/css?family=Lato:400,700`), the theme's own style sheet and script,
 * photos from an image service (extension-less URLs with a query, JPEG and WebP).
 */
export const agencia: RealPage = {
  id: 'agencia',
  title: 'Agência (Bootstrap, ícones, jQuery, Google Fonts)',
  path: '/',
  routes: (at) => {
    const services = [
      ['check', 'Tráfego pago', 'Campanhas no Meta e no Google com otimização diária e relatórios semanais.'],
      [
        'globo',
        'Páginas que vendem',
        'Landing pages rápidas, escritas para o seu público e testadas em A/B.',
      ],
      ['sino', 'Automação', 'E-mail, WhatsApp e remarketing falando com o cliente na hora certa.'],
    ];
    const portfolio = [
      'Loja de cosméticos',
      'Curso online',
      'Clínica',
      'Imobiliária',
      'Academia',
      'Restaurante',
    ];
    const team = [
      ['Marina Costa', 'Diretora de criação'],
      ['Rafael Lima', 'Gestor de tráfego'],
      ['Beatriz Souza', 'Copywriter'],
    ];
    const page = `<!DOCTYPE html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, shrink-to-fit=no">
<title>Agência Escala — Marketing de resposta direta</title>
<link rel="icon" type="image/x-icon" href="assets/favicon.ico">
<link rel="stylesheet" href="${at.cdn}${CDN.fontAwesome}">
<link rel="preconnect" href="${at.fontsCss}">
<link href="${at.fontsCss}/css?family=Lato:400,700" rel="stylesheet" type="text/css">
<link rel="stylesheet" href="${at.cdn}${CDN.bootstrap}">
<link rel="stylesheet" href="css/styles.css">
</head>
<body id="page-top">
<nav class="navbar" id="mainNav"><div class="container d-flex">
<a class="navbar-brand" href="#page-top"><img src="assets/img/navbar-logo.svg" alt="Agência Escala" width="150" height="38"></a>
<ul class="navbar-nav"><li><a class="nav-link" href="#servicos">Serviços</a></li><li><a class="nav-link" href="#portfolio">Portfólio</a></li><li><a class="nav-link" href="#equipe">Equipe</a></li></ul>
</div></nav>
<header class="masthead"><div class="container">
<div class="masthead-subheading">Bem-vindo à Agência Escala!</div>
<div class="masthead-heading text-uppercase">Vender mais é um processo</div>
<a class="btn btn-primary btn-xl text-uppercase" href="#servicos">Conheça</a>
</div></header>
<section class="page-section" id="servicos"><div class="container">
<div class="text-center"><h2 class="section-heading text-uppercase">Serviços</h2><h3 class="section-subheading text-muted">Do anúncio ao checkout, cuidamos de cada etapa.</h3></div>
<div class="row text-center">${services
      .map(
        ([icon, title, text]) => `<div class="col-md-4">
<span class="fa-stack fa-3x"><i class="fa fa-${icon} fa-stack-1x"></i></span>
<h4 class="my-3">${title}</h4><p class="text-muted">${text}</p></div>`,
      )
      .join('\n')}</div></div></section>
<section class="page-section bg-light" id="portfolio"><div class="container">
<div class="text-center"><h2 class="section-heading text-uppercase">Portfólio</h2><h3 class="section-subheading text-muted">Alguns clientes e o que aprendemos com eles.</h3></div>
<div class="row g-4">${portfolio
      .map(
        (name, i) => `<div class="col-lg-4 col-md-6"><div class="portfolio-item">
<img class="img-fluid" src="${at.cdn}${CDN.photo(`portfolio-${i + 1}`, 600, 'webp')}" width="600" height="400" alt="${name}">
<div class="portfolio-caption"><div class="portfolio-caption-heading">${name}</div><div class="portfolio-caption-subheading text-muted">Campanha ${2021 + (i % 4)}</div></div>
</div></div>`,
      )
      .join('\n')}</div></div></section>
<section class="page-section" id="equipe"><div class="container">
<div class="text-center"><h2 class="section-heading text-uppercase">Nossa equipe</h2></div>
<div class="row">${team
      .map(
        ([name, role], i) => `<div class="col-lg-4"><div class="team-member">
<img class="mx-auto rounded-circle" src="${at.cdn}${CDN.photo(`equipe-${i + 1}`, 400)}" width="180" height="180" alt="${name}">
<h4>${name}</h4><p class="text-muted">${role}</p>
<span class="fa fa-coracao"></span> <span class="fa fa-estrela"></span></div></div>`,
      )
      .join('\n')}</div></div></section>
<footer class="footer py-4"><div class="container text-center">Copyright © Agência Escala 2026 · <a href="#page-top">Voltar ao topo</a></div></footer>
<script src="${at.cdn}${CDN.jquery}"></script>
<script src="js/scripts.js"></script>
</body>
</html>`;
    const styles = `body{font-family:"Lato",-apple-system,sans-serif}
.navbar{background-color:#212529;padding:1rem 0}#mainNav .nav-link{color:#fff;font-weight:700;letter-spacing:.0625em;text-transform:uppercase;font-size:.95rem}
#mainNav.navbar-shrink{padding:.5rem 0}
.masthead{padding-top:6rem;padding-bottom:6rem;text-align:center;color:#fff;background-image:url("../assets/img/header-bg.jpg");background-repeat:no-repeat;background-position:center center;background-size:cover}
.masthead-subheading{font-size:1.5rem;font-style:italic;line-height:1.5rem;margin-bottom:25px}.masthead-heading{font-size:3.25rem;font-weight:700;line-height:3.25rem;margin-bottom:2rem}
@media (max-width:767.98px){.masthead-heading{font-size:2.2rem;line-height:2.4rem}}
.btn-primary{background-color:#ffc800;border-color:#ffc800;color:#212529}
.page-section{padding:5rem 0}.section-heading{font-size:2.5rem;margin-top:0;margin-bottom:1rem}.section-subheading{font-size:1.1rem;font-weight:400;font-style:italic;margin-bottom:3rem}
.fa-stack{color:#ffc800}.fa-stack-1x{position:absolute;left:0;width:100%;text-align:center;line-height:inherit}
.portfolio-item{background:#fff}.portfolio-caption{padding:1.5rem;text-align:center}.portfolio-caption-heading{font-size:1.3rem;font-weight:700}
.team-member{margin-bottom:3rem;text-align:center}.team-member img{width:11rem;height:11rem;border:.5rem solid rgba(0,0,0,.1);object-fit:cover}
.team-member .fa{font-size:22px;color:#6c757d}.footer{font-size:.9rem;background:#f8f9fa}`;
    const script = `$(function () {
  var nav = $('#mainNav');
  function shrink() { nav.toggleClass('navbar-shrink', window.scrollY > 100); }
  shrink();
  $(window).on('scroll', shrink);
  $('.portfolio-caption-heading').each(function () { this.setAttribute('title', this.textContent); });
});`;
    const routes: Routes = async (path) => {
      if (path === '/') return html(page);
      if (path === '/css/styles.css') return css(styles);
      if (path === '/js/scripts.js') return js(script);
      if (path === '/assets/favicon.ico')
        return { type: 'image/x-icon', body: await picture('favicon', 32, 32, 'png') };
      if (path === '/assets/img/navbar-logo.svg')
        return { type: 'image/svg+xml', body: logoSvg('Agência Escala', '#ffc800') };
      if (path === '/assets/img/header-bg.jpg')
        return { type: 'image/jpeg', body: await picture('header-bg', 1600, 900) };
      return null;
    };
    return routes;
  },
};
