import { startSite } from './loopback-site';

/**
 * Small, realistic funnel sites on 127.0.0.1 for the funnel analysis tests (issue #26). Every real page sits on a
 * path of the slug checker's wordlist (a scan finds it), except /bonus-exclusivo-x7 of 'hotmart-pt', linked only
 * from /obrigado: the one-hop reading must find it. Checkout links point at the real platforms' hosts; nothing
 * ever requests them (a checkout link is read, never fetched).
 */
export type FunnelSiteKind = 'hotmart-pt' | 'kiwify-es' | 'quiz' | 'wordpress-soft404' | 'script-checkout';

const page = (lang: string, title: string, head: string, body: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">${head}</head><body>${body}</body></html>`;

const META_PIXEL = `<script>!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?
n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';
n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}
(window, document,'script','https://connect.facebook.net/en_US/fbevents.js');
fbq('init', '987654321012345');fbq('track', 'PageView');</script>`;
const GA4 = `<script async src="https://www.googletagmanager.com/gtag/js?id=G-ESCALA1234"></script>
<script>window.dataLayer = window.dataLayer || [];function gtag(){dataLayer.push(arguments);}gtag('js', new Date());
gtag('config', 'G-ESCALA1234');</script>`;
const TIKTOK = `<script>!function (w, d, t) {w.TiktokAnalyticsObject=t;var ttq=w[t]=w[t]||[];ttq.methods=["page","track"];
ttq.load=function(e,n){var i="https://analytics.tiktok.com/i18n/pixel/events.js";ttq._i=ttq._i||{};ttq._i[e]=[];};
ttq.load('CFLUIDEZ123'); ttq.page();}(window, document, 'ttq');</script>`;

const HOTMART_PT: Record<string, string> = {
  '/': page(
    'pt-BR',
    'Método Escala Digital',
    META_PIXEL + GA4,
    `<header><h1>O método que levou 3.000 alunos a vender todos os dias</h1></header>
<main><div id="vid_65f0a1b2c3d4e5f6a7b8c9d0" style="display:block;margin:0 auto;width:100%"></div>
<script type="text/javascript">var s=document.createElement("script");
s.src="https://scripts.converteai.net/1a2b3c4d/players/65f0a1b2c3d4e5f6a7b8c9d0/player.js";s.async=!0;
document.head.appendChild(s);</script>
<section class="oferta"><h2>Garanta sua vaga</h2><p>De R$ 497,00 por apenas R$ 197,00 à vista ou 12x de R$ 19,70</p>
<div class="botao"><a class="btn" href="https://pay.hotmart.com/X12345678Y?off=abc">Quero garantir minha vaga</a></div>
</section></main>
<footer><a href="/politica-de-privacidade">Política de privacidade</a></footer>`,
  ),
  '/oferta-especial': page(
    'pt-BR',
    'Oferta especial: Mentoria Escala em grupo',
    META_PIXEL,
    `<h1>Espere! Seu pedido ainda não terminou</h1>
<div class="oferta"><p>Adicione 3 meses de mentoria em grupo por só R$ 97,00</p>
<a href="https://pay.hotmart.com/Q87654321Z?off=up1">Sim, quero adicionar a mentoria</a></div>
<p><a href="/downsell">Não, obrigado. Prefiro seguir sozinho</a></p>`,
  ),
  '/downsell': page(
    'pt-BR',
    'Última chance: Mentoria gravada',
    META_PIXEL,
    `<h1>Tudo bem, que tal a versão gravada?</h1>
<div class="oferta"><a href="https://pay.hotmart.com/D11223344E?off=ds1">Quero a versão gravada por R$ 47,00</a></div>
<p><a href="/obrigado">Não, obrigado</a></p>`,
  ),
  '/obrigado': page(
    'pt-BR',
    'Obrigado pela sua compra!',
    META_PIXEL,
    `<h1>Compra confirmada</h1><p>Seu acesso chegou no seu e-mail.</p>
<ul><li><a href="/area-de-membros">Acessar a área de membros</a></li>
<li><a href="/bonus-exclusivo-x7">Baixe seu bônus: a planilha de metas</a></li></ul>`,
  ),
  '/area-de-membros': page(
    'pt-BR',
    'Área de Membros – Método Escala',
    '',
    `<main><h1>Entrar</h1><form action="/area-de-membros/entrar" method="post">
<label>E-mail <input type="email" name="email"></label><label>Senha <input type="password" name="senha"></label>
<button type="submit">Entrar</button></form></main>`,
  ),
  '/bonus-exclusivo-x7': page(
    'pt-BR',
    'Seu bônus: planilha de metas',
    '',
    '<h1>Planilha de metas</h1><p>Faça uma cópia e preencha toda segunda-feira.</p>',
  ),
};

const KIWIFY_ES: Record<string, string> = {
  '/': page(
    'es',
    'Método Fluidez – Inglés en 90 días',
    TIKTOK,
    `<h1>Habla inglés con confianza en 90 días</h1>
<iframe id="panda-0a1b2c3d" src="https://player-vz-7b6cf9e4-8bf.tv.pandavideo.com.br/embed/?v=0a1b2c3d-4e5f"
 style="border:none" allow="accelerometer;gyroscope;autoplay;encrypted-media;picture-in-picture" allowfullscreen></iframe>
<section><p>Acceso completo: US$ 29 (R$ 147,00)</p><p><a href="https://pay.kiwify.com.br/Kw12AbC">¡Quiero mi acceso!</a></p></section>`,
  ),
  '/oferta-unica': page(
    'es',
    'Oferta única: Pack de conversación',
    TIKTOK,
    `<h1>¡Espera! Tu pedido aún no está completo</h1>
<div><p>Solo hoy: US$ 19 o R$ 97,00</p><a href="https://pay.kiwify.com.br/AbC12dE">Sí, agregar a mi pedido</a></div>
<p><a href="/gracias">No gracias</a></p>`,
  ),
  '/gracias': page(
    'es',
    '¡Gracias por tu compra!',
    '',
    '<h1>¡Compra confirmada!</h1><p><a href="/members">Entrar al área de miembros</a></p>',
  ),
  '/members': page(
    'es',
    'Área de miembros – Iniciar sesión',
    '',
    `<h1>Iniciar sesión</h1><form action="/members/login" method="post"><input type="email" name="email">
<input type="password" name="clave"><button>Entrar</button></form>`,
  ),
};

const QUIZ: Record<string, string> = {
  '/': page(
    'pt-BR',
    'Por que você não emagrece?',
    '',
    `<h1>Faça o teste gratuito</h1><p>Em 2 minutos você descobre o que trava o seu metabolismo.</p>
<p><a href="/quiz">Começar agora</a></p>
<p><a href="https://wa.me/5511988887777?text=Quero%20ajuda">Prefere falar com a gente? Chame no WhatsApp</a></p>`,
  ),
  '/quiz': page(
    'pt-BR',
    'Quiz: descubra seu tipo de metabolismo',
    '',
    `<h1>Pergunta 1 de 5</h1><typebot-standard style="width:100%;height:600px"></typebot-standard>
<script type="module">import Typebot from 'https://cdn.jsdelivr.net/npm/@typebot.io/js@0.3/dist/web.js';
Typebot.initStandard({ typebot: 'metabolismo-quiz', apiHost: 'https://typebot.io' });</script>
<noscript><a href="/resultado">Ver meu resultado</a></noscript><p><a href="/resultado">Pular para o resultado</a></p>`,
  ),
  '/resultado': page(
    'pt-BR',
    'Seu resultado: metabolismo lento',
    '',
    `<h1>Seu metabolismo é do tipo lento</h1>
<iframe width="560" height="315" src="https://www.youtube.com/embed/aBcD3fGh1jK" allowfullscreen></iframe>
<div class="oferta"><p>Protocolo Metabolismo Ativo: R$ 67,00 ou 6x de R$ 12,35</p>
<a href="https://sun.eduzz.com/1234567">Quero o protocolo</a></div>`,
  ),
};

const SCRIPT_CHECKOUT: Record<string, string> = {
  '/': page(
    'pt-BR',
    'Confeitaria Lucrativa',
    '',
    `<h1>Transforme sua cozinha em um negócio</h1>
<div class="oferta"><p>Curso completo por R$ 97,00</p><button id="comprar" type="button">Quero me inscrever</button>
<script>document.getElementById('comprar').onclick = function () {
  window.location.href = 'https://pay.kiwify.com.br/Zy98XwV' + window.location.search;
};</script></div>`,
  ),
};

/** The WordPress template every path gets: the theme's fixed words include 'Vendas', 'Checkout' and 'Obrigado'. */
function wordpressPage(path: string): { status: number; html: string } {
  const head = `<meta name="generator" content="WordPress 6.5.2">
<link rel="stylesheet" href="/wp-content/themes/astra/style.min.css?ver=4.6.1">
<link rel="stylesheet" href="/wp-content/plugins/elementor/assets/css/frontend.min.css?ver=3.21.0">
<script src="/wp-includes/js/jquery/jquery.min.js?ver=3.7.1"></script>`;
  const chrome = (content: string) => `<header class="elementor-section"><nav><ul>
<li><a href="/">Início</a></li><li><a href="/sobre">Sobre</a></li><li><a href="/vendas">Vendas</a></li>
<li><a href="/blog">Blog</a></li></ul></nav></header>
<main class="elementor-section">${content}</main>
<aside class="widget"><h3>Obrigado por visitar</h3><p>Volte sempre para novos artigos.</p></aside>
<footer><p>Checkout seguro · Pagamentos processados com criptografia</p><p>© Ana Costa Marketing</p></footer>`;
  if (path === '/')
    return {
      status: 200,
      html: page(
        'pt-BR',
        'Ana Costa Marketing – Início',
        head,
        chrome(`<h1>Marketing para pequenos negócios</h1><p>Estratégias simples para vender mais na sua cidade,
sem depender de anúncios caros. Leia os artigos e conheça as consultorias.</p>`),
      ),
    };
  if (path === '/sobre')
    return {
      status: 200,
      html: page(
        'pt-BR',
        'Sobre – Ana Costa Marketing',
        head,
        chrome(`<h1>Sobre mim</h1><p>Sou Ana, consultora de marketing há doze anos. Ajudei mais de duzentas lojas de
bairro a organizar suas redes sociais, suas promoções e seu atendimento.</p><p>Moro em Curitiba.</p>`),
      ),
    };
  // The theme's folders: forbidden, as most WordPress hosts answer (no directory listing).
  if (/^\/wp-(?:content|includes)(?:\/|$)/.test(path))
    return { status: 403, html: page('en', '403 Forbidden', '', '<h1>Forbidden</h1>') };
  const echoed = path.replace(/^\//, '').replace(/[<>&"']/g, '');
  return {
    status: 200,
    html: page(
      'pt-BR',
      `Nada encontrado para “${echoed}” – Ana Costa Marketing`,
      head,
      chrome(
        `<h1>Nada encontrado para ${echoed}</h1><p>Desculpe, a página /${echoed} não existe. Tente a busca.</p>`,
      ),
    ),
  };
}

const NOT_FOUND = page('pt-BR', 'Página não encontrada', '', '<h1>404</h1><p>Página não encontrada.</p>');

const PAGES: Record<Exclude<FunnelSiteKind, 'wordpress-soft404'>, Record<string, string>> = {
  'hotmart-pt': HOTMART_PT,
  'kiwify-es': KIWIFY_ES,
  quiz: QUIZ,
  'script-checkout': SCRIPT_CHECKOUT,
};

/** The real pages of a site (for the tests: what a scan must find, and only that). */
export function funnelSitePaths(kind: FunnelSiteKind): string[] {
  return kind === 'wordpress-soft404' ? ['/', '/sobre'] : Object.keys(PAGES[kind]);
}

function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** Starts one of the funnel sites on 127.0.0.1 (GET and HEAD; the query string is ignored). */
export async function startFunnelSite(
  kind: FunnelSiteKind,
  options: { latencyMs?: number } = {},
): Promise<{ origin: string; requests(): number; close(): Promise<void> }> {
  const site = await startSite(async (req, res, rawPath) => {
    // A site this far away (bench/funnel-bench.ts): every answer after the same delay.
    if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
    const path = safeDecode(rawPath.split('?')[0] ?? '/').replace(/(.)\/+$/, '$1');
    const answer =
      kind === 'wordpress-soft404'
        ? wordpressPage(path)
        : PAGES[kind][path] !== undefined
          ? { status: 200, html: PAGES[kind][path]! }
          : { status: 404, html: NOT_FOUND };
    res.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(req.method === 'HEAD' ? undefined : answer.html);
  });
  return { origin: site.origin, requests: () => site.paths.length, close: site.close };
}
