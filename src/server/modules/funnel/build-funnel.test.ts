import { beforeAll, describe, expect, it } from 'vitest';
import type { FunnelEntry } from '../../../shared/schemas/funnel';
import { type FunnelSiteKind, funnelSitePaths, startFunnelSite } from '../../testing/funnel-sites';
import {
  buildCalibration,
  type Calibration,
  calibrationSlugs,
  fingerprint,
  isSoftNotFound,
} from '../slug-checker/soft-404';
import { loadWordlist } from '../slug-checker/wordlist';
import { buildFunnel, type FoundPage, sameSiteLinks } from './build-funnel';

interface Fetched extends FoundPage {
  slug: string;
}

/** GET on loopback, following redirects; the HTML body when the answer is HTML. */
async function get(origin: string, slug: string): Promise<Fetched> {
  const url = `${origin}/${slug}`;
  const res = await fetch(url);
  const body = await res.text();
  const html = /text\/html/.test(res.headers.get('content-type') ?? '') ? body : null;
  return { slug, url, finalUrl: res.url, status: res.status, html };
}

async function getAll(origin: string, slugs: string[]): Promise<Fetched[]> {
  const out: Fetched[] = new Array(slugs.length);
  let next = 0;
  const worker = async () => {
    while (next < slugs.length) {
      const at = next++;
      out[at] = await get(origin, slugs[at]!);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return out;
}

const isFound = (origin: URL, calibration: Calibration, page: Fetched) =>
  page.status < 400 &&
  !isSoftNotFound(
    calibration,
    fingerprint(origin, page.slug, { status: page.status, body: Buffer.from(page.html ?? '') }),
  );

/**
 * What a scan hands the analysis, done the simple way: the wordlist's paths (and the site's calibration against
 * soft-404 templates), then one hop: the same-site links the found pages hold, read too, 4xx/5xx left out.
 */
async function scanSite(kind: FunnelSiteKind) {
  const site = await startFunnelSite(kind);
  try {
    const origin = new URL(site.origin);
    const calibration = buildCalibration(
      (await getAll(site.origin, calibrationSlugs())).map((p) =>
        fingerprint(origin, p.slug, { status: p.status, body: Buffer.from(p.html ?? '') }),
      ),
    );
    const slugs = [...loadWordlist()];
    const root = await get(site.origin, '');
    const found = [
      root,
      ...(await getAll(site.origin, slugs)).filter((p) => isFound(origin, calibration, p)),
    ];
    const known = new Set(['/', ...slugs.map((s) => `/${s}`)]);
    const extra = sameSiteLinks(found, origin, known, 20);
    const hop = (
      await getAll(
        site.origin,
        extra.map((u) => new URL(u).pathname.slice(1)),
      )
    ).filter((p) => isFound(origin, calibration, p));
    const pages = [...found, ...hop];
    const funnel = buildFunnel({ origin, scannedUrl: `${site.origin}/`, pages });
    return { origin: site.origin, found, extra, hop, funnel };
  } finally {
    await site.close();
  }
}

type Scan = Awaited<ReturnType<typeof scanSite>>;

/** The entries as [step, path or checkout link] for comparison. */
const summary = (scan: Scan) =>
  scan.funnel.map((e) => [e.step, e.url.startsWith(scan.origin) ? e.url.slice(scan.origin.length) : e.url]);
const entryAt = (scan: Scan, path: string) => scan.funnel.find((e) => e.url === `${scan.origin}${path}`)!;
const checkoutAt = (scan: Scan, url: string) => scan.funnel.find((e) => e.url === url)!;
const toolNames = (entry: FunnelEntry) => entry.tools.map((t) => `${t.kind}:${t.name}`);

describe('funnel of a Hotmart funnel in Portuguese', () => {
  let scan: Scan;
  beforeAll(async () => {
    scan = await scanSite('hotmart-pt');
  });

  it('the scan finds every real page from the wordlist but the one-hop page, and nothing else', () => {
    const expected = funnelSitePaths('hotmart-pt').filter((p) => p !== '/bonus-exclusivo-x7');
    expect(scan.found.map((p) => new URL(p.url).pathname).sort()).toEqual(expected.sort());
    expect(scan.found.some((p) => p.url.endsWith('/vendas'))).toBe(false);
  });

  it('one hop further finds the page only /obrigado links to, and leaves out links that answer 404', () => {
    // The footer's /politica-de-privacidade is a wordlist path (tested, 404): not read again.
    expect(scan.extra.sort()).toEqual([
      `${scan.origin}/area-de-membros/entrar`,
      `${scan.origin}/bonus-exclusivo-x7`,
    ]);
    expect(scan.hop.map((p) => p.url)).toEqual([`${scan.origin}/bonus-exclusivo-x7`]);
  });

  it('gives each page its step and each checkout its own entry, in funnel order', () => {
    expect(summary(scan)).toEqual([
      ['Página de vendas / VSL', '/'],
      ['Checkout', 'https://pay.hotmart.com/D11223344E?off=ds1'],
      ['Checkout', 'https://pay.hotmart.com/Q87654321Z?off=up1'],
      ['Checkout', 'https://pay.hotmart.com/X12345678Y?off=abc'],
      ['Upsell', '/oferta-especial'],
      ['Downsell', '/downsell'],
      ['Obrigado', '/obrigado'],
      ['Área de membros', '/area-de-membros'],
      ['Outra', '/bonus-exclusivo-x7'],
    ]);
  });

  it('reads the tools of the sales page', () => {
    expect(toolNames(entryAt(scan, '/'))).toEqual([
      'checkout:Hotmart',
      'player:ConverteAI / Vturb',
      'tracking:Meta Pixel',
      'tracking:Google Analytics 4',
    ]);
    expect(toolNames(entryAt(scan, '/area-de-membros'))).toEqual([]);
  });

  it('gives each checkout its platform, product code and price (the full price, not the installment)', () => {
    const main = checkoutAt(scan, 'https://pay.hotmart.com/X12345678Y?off=abc');
    expect(main).toEqual({
      step: 'Checkout',
      url: 'https://pay.hotmart.com/X12345678Y?off=abc',
      finalUrl: 'https://pay.hotmart.com/X12345678Y?off=abc',
      status: 0,
      title: 'Quero garantir minha vaga',
      tools: [{ kind: 'checkout', name: 'Hotmart' }],
      checkout: { platform: 'Hotmart', productCode: 'X12345678Y', price: 197 },
    });
    expect(checkoutAt(scan, 'https://pay.hotmart.com/Q87654321Z?off=up1').checkout).toEqual({
      platform: 'Hotmart',
      productCode: 'Q87654321Z',
      price: 97,
    });
    expect(checkoutAt(scan, 'https://pay.hotmart.com/D11223344E?off=ds1').checkout?.price).toBe(47);
  });

  it('keeps the pages status, final URL and title', () => {
    expect(entryAt(scan, '/obrigado')).toMatchObject({
      status: 200,
      finalUrl: `${scan.origin}/obrigado`,
      title: 'Obrigado pela sua compra!',
    });
  });
});

describe('funnel of a Kiwify funnel in Spanish', () => {
  let scan: Scan;
  beforeAll(async () => {
    scan = await scanSite('kiwify-es');
  });

  it('finds every step, tool and checkout, and nothing false', () => {
    expect(summary(scan)).toEqual([
      ['Página de vendas / VSL', '/'],
      ['Checkout', 'https://pay.kiwify.com.br/AbC12dE'],
      ['Checkout', 'https://pay.kiwify.com.br/Kw12AbC'],
      ['Upsell', '/oferta-unica'],
      ['Obrigado', '/gracias'],
      ['Área de membros', '/members'],
    ]);
    expect(toolNames(entryAt(scan, '/'))).toEqual([
      'checkout:Kiwify',
      'player:Panda Video',
      'tracking:TikTok Pixel',
    ]);
    expect(checkoutAt(scan, 'https://pay.kiwify.com.br/Kw12AbC').checkout).toEqual({
      platform: 'Kiwify',
      productCode: 'Kw12AbC',
      price: 147,
    });
    // 'US$ 19 o R$ 97,00': reais only.
    expect(checkoutAt(scan, 'https://pay.kiwify.com.br/AbC12dE').checkout?.price).toBe(97);
  });
});

describe('funnel of a quiz funnel', () => {
  let scan: Scan;
  beforeAll(async () => {
    scan = await scanSite('quiz');
  });

  it('finds the quiz, the result page that sells, its checkout and the WhatsApp link', () => {
    expect(summary(scan)).toEqual([
      ['Página de vendas / VSL', '/resultado'],
      ['Quiz', '/'],
      ['Quiz', '/quiz'],
      ['Checkout', 'https://sun.eduzz.com/1234567'],
    ]);
    expect(toolNames(entryAt(scan, '/'))).toEqual(['quiz:WhatsApp']);
    expect(toolNames(entryAt(scan, '/quiz'))).toEqual(['quiz:Typebot']);
    expect(toolNames(entryAt(scan, '/resultado'))).toEqual(['checkout:Eduzz', 'player:YouTube']);
    expect(checkoutAt(scan, 'https://sun.eduzz.com/1234567').checkout).toEqual({
      platform: 'Eduzz',
      productCode: '1234567',
      price: 67,
    });
  });
});

describe('funnel of a WordPress site that answers 200 to every path', () => {
  let scan: Scan;
  beforeAll(async () => {
    scan = await scanSite('wordpress-soft404');
  });

  it('has only its real pages, neither a sales page, a checkout nor a thank-you page from the template words', () => {
    expect(summary(scan)).toEqual([
      ['Outra', '/'],
      ['Outra', '/sobre'],
    ]);
    expect(toolNames(entryAt(scan, '/'))).toEqual(['builder:WordPress', 'builder:Elementor']);
  });

  it("the template's menu links ('Vendas') are paths the scan tested and found to be the not-found template", () => {
    expect(scan.found.map((p) => new URL(p.url).pathname).sort()).toEqual(
      funnelSitePaths('wordpress-soft404'),
    );
    expect(scan.extra).toEqual([]);
    expect(scan.hop).toEqual([]);
  });
});

describe('funnel of a site whose checkout link is only in a script', () => {
  let scan: Scan;
  beforeAll(async () => {
    scan = await scanSite('script-checkout');
  });

  it('finds the checkout, its product code and price', () => {
    expect(summary(scan)).toEqual([
      ['Página de vendas / VSL', '/'],
      ['Checkout', 'https://pay.kiwify.com.br/Zy98XwV'],
    ]);
    expect(checkoutAt(scan, 'https://pay.kiwify.com.br/Zy98XwV')).toMatchObject({
      title: 'Kiwify',
      checkout: { platform: 'Kiwify', productCode: 'Zy98XwV', price: 97 },
    });
  });
});

describe('buildFunnel without a network', () => {
  const origin = new URL('https://loja.example.com');
  const html = (body: string, title = '') =>
    `<html><head><title>${title}</title></head><body>${body}</body></html>`;

  it('makes the scanned page an entry even when it was not read', () => {
    expect(buildFunnel({ origin, scannedUrl: 'https://loja.example.com/', pages: [] })).toEqual([
      {
        step: 'Outra',
        url: 'https://loja.example.com/',
        finalUrl: 'https://loja.example.com/',
        status: 0,
        title: '',
        tools: [],
      },
    ]);
  });

  it('a page that redirects to a checkout is a Checkout, merged with the links to the same checkout', () => {
    const funnel = buildFunnel({
      origin,
      scannedUrl: 'https://loja.example.com/',
      pages: [
        {
          url: 'https://loja.example.com/',
          finalUrl: 'https://loja.example.com/',
          status: 200,
          html: html(
            '<p>Só R$ 297,00</p><p><a href="https://pay.hotmart.com/X12345678Y?off=a">Comprar</a></p>',
          ),
        },
        {
          url: 'https://loja.example.com/comprar',
          finalUrl: 'https://pay.hotmart.com/X12345678Y?off=b',
          status: 200,
          html: null,
        },
      ],
    });
    expect(funnel).toEqual([
      expect.objectContaining({ step: 'Página de vendas / VSL', url: 'https://loja.example.com/' }),
      {
        step: 'Checkout',
        url: 'https://loja.example.com/comprar',
        finalUrl: 'https://pay.hotmart.com/X12345678Y?off=b',
        status: 200,
        title: 'Hotmart',
        tools: [{ kind: 'checkout', name: 'Hotmart' }],
        checkout: { platform: 'Hotmart', productCode: 'X12345678Y', price: 297 },
      },
    ]);
  });

  it('deduplicates checkout links by platform and product code, or by URL without one', () => {
    const body = `<a href="https://pay.kiwify.com.br/AbC12dE?src=topo">Comprar</a>
      <p>R$ 49,90 <a href="https://pay.kiwify.com.br/AbC12dE?src=rodape">Comprar de novo</a></p>
      <p>Frete grátis: <a href="https://loja.myshopify.com/checkouts/c/1">Carrinho</a></p>
      <p>Ou aqui: <a href="https://loja.myshopify.com/checkouts/c/1#x">Carrinho</a></p>`;
    const funnel = buildFunnel({
      origin,
      scannedUrl: 'https://loja.example.com/',
      pages: [
        {
          url: 'https://loja.example.com/',
          finalUrl: 'https://loja.example.com/',
          status: 200,
          html: html(body),
        },
      ],
    });
    const checkouts = funnel.filter((e) => e.step === 'Checkout');
    expect(checkouts.map((e) => [e.url, e.checkout])).toEqual([
      ['https://loja.myshopify.com/checkouts/c/1', { platform: 'Shopify' }],
      [
        'https://pay.kiwify.com.br/AbC12dE?src=topo',
        { platform: 'Kiwify', productCode: 'AbC12dE', price: 49.9 },
      ],
    ]);
  });

  it('inbound link texts of other pages count, a page linking to itself does not', () => {
    const funnel = buildFunnel({
      origin,
      scannedUrl: 'https://loja.example.com/',
      pages: [
        {
          url: 'https://loja.example.com/',
          finalUrl: 'https://loja.example.com/',
          status: 200,
          html: html('<a href="/p/a1/">Área de membros</a>'),
        },
        {
          url: 'https://loja.example.com/p/a1',
          finalUrl: 'https://loja.example.com/p/a1',
          status: 200,
          html: html('<a href="/">Obrigado</a><a href="/p/a1">Oferta especial</a>'),
        },
      ],
    });
    expect(funnel.map((e) => [e.step, e.url])).toEqual([
      ['Obrigado', 'https://loja.example.com/'],
      ['Área de membros', 'https://loja.example.com/p/a1'],
    ]);
  });
});

describe('sameSiteLinks', () => {
  const origin = new URL('https://loja.example.com');
  const pageWith = (body: string): FoundPage => ({
    url: 'https://loja.example.com/',
    finalUrl: 'https://loja.example.com/',
    status: 200,
    html: `<html><body>${body}</body></html>`,
  });

  it('lists same-site pages not yet known, normalised, in order, at most max', () => {
    const pages = [
      pageWith(`<a href="/obrigado/">x</a><a href="/novo#topo">x</a><a href="/novo?utm=1">x</a><a href="/a">x</a>
        <a href="https://www.loja.example.com/b">x</a><a href="http://loja.example.com/OBRIGADO">x</a>
        <a href="https://outra.example.com/c">x</a><a href="https://loja.example.com:8443/d">x</a>
        <a href="/style.css">x</a><a href="/img/capa.JPG">x</a><a href="/manual.pdf">x</a><a href="mailto:a@b.c">x</a>`),
      pageWith('<a href="/z">x</a>'),
    ];
    expect(sameSiteLinks(pages, origin, new Set(['/obrigado', 'https://loja.example.com/a/']), 10)).toEqual([
      'https://loja.example.com/novo',
      'https://www.loja.example.com/b',
      'http://loja.example.com/OBRIGADO',
      'https://loja.example.com/z',
    ]);
    expect(sameSiteLinks(pages, origin, new Set(), 2)).toEqual([
      'https://loja.example.com/obrigado',
      'https://loja.example.com/novo',
    ]);
  });
});
