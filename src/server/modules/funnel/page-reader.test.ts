import { describe, expect, it } from 'vitest';
import { PAGE_READER_LIMITS, readPage, scriptUrls } from './page-reader';

const PAGE = new URL('https://loja.example.com/produto/vsl');

describe('readPage', () => {
  it('reads title, headings in order, visible text without scripts or styles', () => {
    const facts = readPage(
      `<!doctype html><html><head><title> Método  X </title><style>.a{color:red}</style></head>
       <body><h2>Segundo</h2><h1> Primeiro
       título </h1><h3>Terceiro</h3><h4>Quarto</h4><p>Olá<br>mundo</p><script>var hidden = 1;</script>
       <noscript>sem js</noscript></body></html>`,
      PAGE,
    );
    expect(facts.title).toBe('Método X');
    expect(facts.headings).toEqual(['Segundo', 'Primeiro título', 'Terceiro']);
    expect(facts.text).toContain('Olá mundo');
    expect(facts.text).not.toContain('hidden');
    expect(facts.text).not.toContain('color');
    expect(facts.text).not.toContain('sem js');
  });

  it('resolves links against the page, and against <base href> when there is one', () => {
    expect(readPage('<a href="../obrigado">x</a>', PAGE).links[0]?.url).toBe(
      'https://loja.example.com/obrigado',
    );
    const based = readPage('<head><base href="https://cdn.example.net/a/"></head><a href="b">x</a>', PAGE);
    expect(based.links[0]?.url).toBe('https://cdn.example.net/a/b');
  });

  it('keeps only http(s) links: javascript:, mailto:, data:, fragments and broken URLs are dropped', () => {
    const facts = readPage(
      `<a href="javascript:void(0)">a</a><a href="mailto:x@y.z">b</a><a href="data:text/html,x">c</a>
       <a href="#topo">d</a><a href="http://[::1">e</a><a href="/ok">f</a><a>g</a>`,
      PAGE,
    );
    expect(facts.links.map((l) => l.url)).toEqual(['https://loja.example.com/ok']);
  });

  it('gives each link its text and the text of the nearest block that says more than the link', () => {
    const facts = readPage(
      `<section><h2>Oferta</h2><p>De R$ 497,00 por apenas R$ 197,00</p>
         <div class="cta"><a href="https://pay.hotmart.com/X12345678Y?off=abc"><span>Quero garantir</span> minha vaga</a></div>
       </section>`,
      PAGE,
    );
    expect(facts.links[0]).toEqual({
      url: 'https://pay.hotmart.com/X12345678Y?off=abc',
      text: 'Quero garantir minha vaga',
      context: 'Oferta De R$ 497,00 por apenas R$ 197,00 Quero garantir minha vaga',
    });
  });

  it('names an image link by its alt text and a bare link by its aria-label', () => {
    const facts = readPage(
      '<p><a href="/a"><img src="x.png" alt="Comprar agora"></a> <a href="/b" aria-label="Entrar"></a></p>',
      PAGE,
    );
    expect(facts.links.map((l) => l.text)).toEqual(['Comprar agora', 'Entrar']);
  });

  it('caps a long context around the link', () => {
    const filler = 'palavra '.repeat(200);
    const facts = readPage(`<div>${filler} <a href="/x">Aqui</a> R$ 97,00 ${filler}</div>`, PAGE);
    const context = facts.links[0]!.context;
    expect(context.length).toBeLessThanOrEqual(PAGE_READER_LIMITS.context);
    expect(context).toContain('Aqui R$ 97,00');
  });

  it('reads forms, button formaction, onclick, data-href/data-url, area and meta refresh', () => {
    const facts = readPage(
      `<head><meta http-equiv="refresh" content="5; url=/volta"></head>
       <form action="/assinar"><input name="e"><button>Assinar agora</button></form>
       <form><button formaction="https://pay.kiwify.com.br/AbC12dE">Comprar</button></form>
       <div onclick="window.location.href='https://pay.cakto.com.br/abc123x_456789'">Pagar com Pix</div>
       <button data-href="/downsell">Não, obrigado</button><span data-url="/typ">t</span>
       <map><area href="/mapa" alt="Mapa"></map>`,
      PAGE,
    );
    expect(facts.links.map((l) => [l.url, l.text])).toEqual([
      ['https://loja.example.com/volta', ''],
      ['https://loja.example.com/assinar', 'Assinar agora'],
      ['https://pay.kiwify.com.br/AbC12dE', 'Comprar'],
      ['https://pay.cakto.com.br/abc123x_456789', 'Pagar com Pix'],
      ['https://loja.example.com/downsell', 'Não, obrigado'],
      ['https://loja.example.com/typ', 't'],
      ['https://loja.example.com/mapa', 'Mapa'],
    ]);
  });

  it('finds URLs written in inline scripts, with the text around the script as context', () => {
    const facts = readPage(
      `<div><p>Garanta hoje por R$ 67,00</p><button id="b">Comprar</button>
       <script>document.getElementById('b').addEventListener('click', function () {
         window.location.href = 'https://pay.kiwify.com.br/Zy98XwV';
       }); if (saiu) location.replace("/obrigado"); var api = '/api/track';</script></div>`,
      PAGE,
    );
    const urls = facts.links.map((l) => l.url);
    expect(urls).toContain('https://pay.kiwify.com.br/Zy98XwV');
    expect(urls).toContain('https://loja.example.com/obrigado');
    expect(urls).not.toContain('https://loja.example.com/api/track');
    const kiwify = facts.links.find((l) => l.url.includes('kiwify'))!;
    expect(kiwify.text).toBe('');
    expect(kiwify.context).toContain('R$ 67,00');
    expect(facts.inlineScripts).toContain('pay.kiwify.com.br/Zy98XwV');
  });

  it('lists script sources and iframes as absolute URLs', () => {
    const facts = readPage(
      `<script src="//scripts.converteai.net/a/players/b/player.js"></script><script src="/app.js"></script>
       <iframe src="https://player-vz-1.tv.pandavideo.com.br/embed/?v=1"></iframe>`,
      PAGE,
    );
    expect(facts.scripts).toEqual([
      'https://scripts.converteai.net/a/players/b/player.js',
      'https://loja.example.com/app.js',
    ]);
    expect(facts.iframes).toEqual(['https://player-vz-1.tv.pandavideo.com.br/embed/?v=1']);
  });

  it('never throws on broken or hostile HTML, and caps what it keeps', () => {
    const nested = `${'<div>'.repeat(500)}<a href="/fundo">fundo</a>${'</div>'.repeat(10)}`;
    expect(readPage(nested, PAGE).links[0]?.url).toBe('https://loja.example.com/fundo');
    // Nested past the depth limit: read up to there (parse5 would take minutes on the whole).
    const deep = `<a href="/antes">antes</a>${'<div>'.repeat(100_000)}<a href="/fundo">fundo</a>`;
    expect(readPage(deep, PAGE).links.map((l) => l.url)).toEqual(['https://loja.example.com/antes']);
    const broken = '<a href="/x"<<p>><title>t</ti<script>location="/y"</scr';
    expect(() => readPage(broken, PAGE)).not.toThrow();
    expect(() => readPage('\u0000\ud800<a href="\u0000">', PAGE)).not.toThrow();
    const many = readPage('<a href="/a">a</a>'.repeat(PAGE_READER_LIMITS.links + 50), PAGE);
    expect(many.links).toHaveLength(PAGE_READER_LIMITS.links);
    const long = readPage(`<p>${'texto '.repeat(10_000)}</p><script>${'x=1;'.repeat(40_000)}</script>`, PAGE);
    expect(long.text.length).toBeLessThanOrEqual(PAGE_READER_LIMITS.text);
    expect(long.inlineScripts.length).toBeLessThanOrEqual(PAGE_READER_LIMITS.inlineScripts);
  });
});

describe('scriptUrls', () => {
  it('takes absolute URLs anywhere and relative ones only as navigation targets', () => {
    expect(
      scriptUrls(
        `fetch("/api/x"); location = "/pv2"; var u = 'https://go.hotmart.com/X1'; redirect: 'manual'`,
      ),
    ).toEqual(['/pv2', 'https://go.hotmart.com/X1']);
  });
});
