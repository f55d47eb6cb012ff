import { describe, expect, it } from 'vitest';
import { readPage } from './page-reader';
import { detectTools, TOOL_SIGNATURES } from './page-tools';

const PAGE = new URL('https://site.example.com/');
const toolsOf = (html: string) => detectTools(readPage(html, PAGE), html);
const page = (head: string, body = '') =>
  `<!doctype html><html><head><title>Página</title>${head}</head><body><h1>Olá</h1>${body}</body></html>`;

/** A small page per signature, written as the tool's own snippet writes it. */
const USES: Array<[string, string]> = [
  ['Hotmart', page('', '<a href="https://pay.hotmart.com/X12345678Y?off=abc">Comprar</a>')],
  [
    'Kiwify',
    page('', '<button onclick="location.href=\'https://pay.kiwify.com.br/AbC12dE\'">Comprar</button>'),
  ],
  ['Eduzz', page('', '<a href="https://sun.eduzz.com/1234567">Comprar</a>')],
  ['Monetizze', page('', '<a href="https://app.monetizze.com.br/checkout/KAB123456">Comprar</a>')],
  ['Braip', page('', '<a href="https://ev.braip.com/checkout/pla1a2b3c/che4d5e6f">Comprar</a>')],
  ['Ticto', page('', '<a href="https://checkout.ticto.app/O12AB34CD">Comprar</a>')],
  ['Perfect Pay', page('', '<a href="https://go.perfectpay.com.br/PPU38CM0ABC">Comprar</a>')],
  ['Kirvano', page('', '<a href="https://pay.kirvano.com/0b1c2d3e-4f56-7890-abcd-ef0123456789">Comprar</a>')],
  ['Cakto', page('', '<iframe src="https://pay.cakto.com.br/abc123x_456789"></iframe>')],
  ['Lastlink', page('', '<a href="https://lastlink.com/p/C1234ABCD/checkout-payment">Assinar</a>')],
  ['Yampi', page('', '<a href="https://minhaloja.pay.yampi.com.br/r/6P5XY3Z8AB">Comprar</a>')],
  ['CartPanda', page('', '<a href="https://minhaloja.mycartpanda.com/checkout/12345678:1">Comprar</a>')],
  ['Shopify', page('', '<a href="https://loja.myshopify.com/cart/44123456789:1">Comprar</a>')],
  [
    'ConverteAI / Vturb',
    page(
      '',
      `<div id="vid_65f0a1b2c3d4e5f6a7b8c9d0"></div><script type="text/javascript">var s=document.createElement("script");
       s.src="https://scripts.converteai.net/1a2b3c4d/players/65f0a1b2c3d4e5f6a7b8c9d0/player.js";
       s.async=!0,document.head.appendChild(s);</script>`,
    ),
  ],
  [
    'Panda Video',
    page(
      '',
      '<iframe id="panda-1" src="https://player-vz-7b6cf9e4-8bf.tv.pandavideo.com.br/embed/?v=0a1b2c3d" allow="fullscreen"></iframe>',
    ),
  ],
  ['YouTube', page('', '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>')],
  ['Vimeo', page('', '<iframe src="https://player.vimeo.com/video/76979871"></iframe>')],
  [
    'Wistia',
    page(
      '<script src="https://fast.wistia.com/assets/external/E-v1.js" async></script>',
      '<div class="wistia_embed wistia_async_abcd1234"></div>',
    ),
  ],
  ['Inlead', page('', '<a href="https://quiz.inlead.digital/meu-quiz">Começar o quiz</a>')],
  [
    'Typebot',
    page(
      '',
      `<typebot-standard style="width:100%"></typebot-standard><script type="module">
       import Typebot from 'https://cdn.jsdelivr.net/npm/@typebot.io/js@0.3/dist/web.js'
       Typebot.initStandard({ typebot: "quiz-perfil" });</script>`,
    ),
  ],
  ['WhatsApp', page('', '<a href="https://wa.me/5511999999999?text=Oi">Fale no WhatsApp</a>')],
  [
    'Meta Pixel',
    page(`<script>!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){};t=b.createElement(e);
      t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window, document,'script',
      'https://connect.facebook.net/en_US/fbevents.js');fbq('init', '123456789012345');fbq('track', 'PageView');</script>`),
  ],
  [
    'Google Analytics 4',
    page(`<script async src="https://www.googletagmanager.com/gtag/js?id=G-ABC123XYZ9"></script>
      <script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());
      gtag('config','G-ABC123XYZ9');</script>`),
  ],
  [
    'Google Ads',
    page(`<script async src="https://www.googletagmanager.com/gtag/js?id=AW-123456789"></script>
      <script>function gtag(){dataLayer.push(arguments);}gtag('config', 'AW-123456789');</script>`),
  ],
  [
    'TikTok Pixel',
    page(`<script>!function (w, d, t) {w.TiktokAnalyticsObject=t;var ttq=w[t]=w[t]||[];
      ttq.load=function(e){var i="https://analytics.tiktok.com/i18n/pixel/events.js";};
      ttq.load('C1ABCDEFGH'); ttq.page();}(window, document, 'ttq');</script>`),
  ],
  [
    'UTMify',
    page(
      '<script src="https://cdn.utmify.com.br/scripts/utms/latest.js" data-utmify-prevent-subids async defer></script>',
    ),
  ],
  [
    'WordPress',
    page(
      '<meta name="generator" content="WordPress 6.5.2"><link rel="stylesheet" href="https://site.example.com/wp-content/themes/x/style.css">',
    ),
  ],
  [
    'Elementor',
    page(
      '<link rel="stylesheet" href="/wp-content/plugins/elementor/assets/css/frontend.min.css">',
      '<div class="elementor-section elementor-top-section"></div>',
    ),
  ],
  ['Webflow', page('<meta content="Webflow" name="generator">', '')],
  ['Framer', page('<meta name="generator" content="Framer 2b6a1c3">', '<div data-framer-name="Hero"></div>')],
  [
    'Wix',
    page(
      '<meta name="generator" content="Wix.com Website Builder"><script src="https://static.parastorage.com/services/wix-thunderbolt/dist/main.js"></script>',
    ),
  ],
  ['GreatPages', page('<script src="https://static.greatpages.com.br/assets/js/page.js"></script>')],
];

describe('detectTools', () => {
  it.each(USES)('finds %s on a page that uses it', (name, html) => {
    const signature = TOOL_SIGNATURES.find((s) => s.name === name)!;
    expect(toolsOf(html)).toContainEqual({ kind: signature.kind, name });
  });

  it('has a page for every signature of the table', () => {
    expect(USES.map(([name]) => name).sort()).toEqual(TOOL_SIGNATURES.map((s) => s.name).sort());
  });

  it('finds nothing on a plain page, even one that names the tools in its text', () => {
    const html = page(
      '<link rel="stylesheet" href="/style.css"><script src="/app.js"></script>',
      `<p>Compare Hotmart, Kiwify e Eduzz; assista no YouTube ou no Vimeo; fale pelo WhatsApp. Feito com WordPress,
       Elementor, Webflow, Framer ou Wix? Meta Pixel, fbq, gtag, TikTok e UTMify explicados.</p>
       <a href="https://www.youtube.com/@canal">Nosso canal</a> <a href="https://hotmart.com/pt-br">Hotmart</a>
       <a href="https://www.instagram.com/perfil">Instagram</a>`,
    );
    expect(toolsOf(html)).toEqual([]);
  });

  it('lists each tool once, by kind then by table order', () => {
    const html = page(
      `<meta name="generator" content="WordPress 6.5"><script src="https://cdn.utmify.com.br/scripts/utms/latest.js"></script>
       <script>fbq('init', '1');</script>`,
      `<a href="https://wa.me/5511999999999">WhatsApp</a><iframe src="https://www.youtube.com/embed/x"></iframe>
       <a href="https://pay.kiwify.com.br/AbC12dE">A</a><a href="https://pay.hotmart.com/X12345678Y">B</a>
       <a href="https://pay.hotmart.com/Z12345678W">C</a><iframe src="https://player.vimeo.com/video/1"></iframe>`,
    );
    expect(toolsOf(html)).toEqual([
      { kind: 'checkout', name: 'Hotmart' },
      { kind: 'checkout', name: 'Kiwify' },
      { kind: 'player', name: 'YouTube' },
      { kind: 'player', name: 'Vimeo' },
      { kind: 'quiz', name: 'WhatsApp' },
      { kind: 'tracking', name: 'Meta Pixel' },
      { kind: 'tracking', name: 'UTMify' },
      { kind: 'builder', name: 'WordPress' },
    ]);
  });
});
