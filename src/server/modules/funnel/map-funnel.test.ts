import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunnelEntry } from '../../../shared/schemas/funnel';
import { type FunnelSiteKind, startFunnelSite } from '../../testing/funnel-sites';
import { startSite, type TestSite } from '../../testing/loopback-site';
import { discoverPaths, parseSitemap } from '../slug-checker/discovery';
import { createScanClient } from '../slug-checker/scan-client';
import { isSoftNotFoundAnswer, SCAN_SETTINGS, scanSite } from '../slug-checker/scan-engine';
import { loadWordlist } from '../slug-checker/wordlist';
import { entriesToPicture, type MappedFunnel, mapFunnel, pictureFunnel } from './map-funnel';

/**
 * The real path of a map: the scan as the app runs it (wordlist, calibration, robots.txt and sitemap, through the
 * scan's guarded client), then mapFunnel (the one hop further and the steps). One site per describe, scanned once.
 */
async function scanAndMap(origin: string): Promise<MappedFunnel> {
  const client = createScanClient({ allowPrivateNetwork: true, connections: SCAN_SETTINGS.concurrency });
  const base = new URL(`${origin}/`);
  try {
    const scanned = await scanSite(
      client,
      base,
      {
        slugs: loadWordlist(),
        discover: async (limited, signal) => {
          const found = await discoverPaths(limited, base, async (xml) => parseSitemap(xml), signal);
          return [...found.robots, ...found.sitemap];
        },
      },
      SCAN_SETTINGS,
      { onStart() {}, onResult() {} },
    );
    const { calibration } = scanned;
    return await mapFunnel({
      client,
      origin: base,
      scannedUrl: base.href,
      results: scanned.results,
      isSoftNotFound: (url, answer) =>
        calibration !== undefined && isSoftNotFoundAnswer(calibration, url, answer),
      concurrency: SCAN_SETTINGS.concurrency,
    });
  } finally {
    await client.close();
  }
}

/** Each entry as 'step | path or checkout link | status | final path'. */
const rows = (origin: string, funnel: FunnelEntry[]) =>
  funnel.map((e) =>
    [e.step, e.url.replace(origin, ''), e.status, e.finalUrl.replace(origin, '')].join(' | '),
  );
const at = (origin: string, funnel: FunnelEntry[], url: string) =>
  funnel.find((e) => e.url === (url.startsWith('/') ? `${origin}${url}` : url));
const toolNames = (entry: FunnelEntry | undefined) => entry?.tools.map((t) => `${t.kind}:${t.name}`);

function mapOf(kind: FunnelSiteKind) {
  const state = { origin: '', mapped: undefined as unknown as MappedFunnel };
  beforeAll(async () => {
    const site = await startFunnelSite(kind);
    try {
      state.origin = site.origin;
      state.mapped = await scanAndMap(site.origin);
    } finally {
      await site.close();
    }
  });
  return state;
}

describe('the real scan and map of a Kiwify funnel in Spanish', () => {
  const s = mapOf('kiwify-es');
  it('finds every step, tool and checkout, and no false page', () => {
    const { funnel } = s.mapped;
    expect(rows(s.origin, funnel)).toEqual([
      'Página de vendas / VSL | / | 200 | /',
      'Checkout | https://pay.kiwify.com.br/AbC12dE | 0 | https://pay.kiwify.com.br/AbC12dE',
      'Checkout | https://pay.kiwify.com.br/Kw12AbC | 0 | https://pay.kiwify.com.br/Kw12AbC',
      'Upsell | /oferta-unica | 200 | /oferta-unica',
      'Obrigado | /gracias | 200 | /gracias',
      'Área de membros | /members | 200 | /members',
    ]);
    expect(toolNames(at(s.origin, funnel, '/'))).toEqual([
      'checkout:Kiwify',
      'player:Panda Video',
      'tracking:TikTok Pixel',
    ]);
    expect(toolNames(at(s.origin, funnel, '/oferta-unica'))).toEqual([
      'checkout:Kiwify',
      'tracking:TikTok Pixel',
    ]);
    expect(at(s.origin, funnel, 'https://pay.kiwify.com.br/Kw12AbC')?.checkout).toEqual({
      platform: 'Kiwify',
      productCode: 'Kw12AbC',
      price: 147,
    });
    expect(at(s.origin, funnel, 'https://pay.kiwify.com.br/AbC12dE')?.checkout).toEqual({
      platform: 'Kiwify',
      productCode: 'AbC12dE',
      price: 97,
    });
    expect(at(s.origin, funnel, '/gracias')?.title).toBe('¡Gracias por tu compra!');
  });
});

describe('the real scan and map of a quiz funnel', () => {
  const s = mapOf('quiz');
  it('finds the quiz, the result page that sells, its checkout and the chat tools, and no false page', () => {
    const { funnel } = s.mapped;
    expect(rows(s.origin, funnel)).toEqual([
      'Página de vendas / VSL | /resultado | 200 | /resultado',
      'Quiz | / | 200 | /',
      'Quiz | /quiz | 200 | /quiz',
      'Checkout | https://sun.eduzz.com/1234567 | 0 | https://sun.eduzz.com/1234567',
    ]);
    expect(toolNames(at(s.origin, funnel, '/'))).toEqual(['quiz:WhatsApp']);
    expect(toolNames(at(s.origin, funnel, '/quiz'))).toEqual(['quiz:Typebot']);
    expect(toolNames(at(s.origin, funnel, '/resultado'))).toEqual(['checkout:Eduzz', 'player:YouTube']);
    expect(at(s.origin, funnel, 'https://sun.eduzz.com/1234567')?.checkout).toEqual({
      platform: 'Eduzz',
      productCode: '1234567',
      price: 67,
    });
  });
});

describe('the real scan and map of a WordPress site that answers 200 to every path', () => {
  const s = mapOf('wordpress-soft404');
  it('has only its real pages: no sales page, checkout or thank-you page from the template words', () => {
    const { funnel, hop } = s.mapped;
    expect(rows(s.origin, funnel)).toEqual(['Outra | / | 200 | /', 'Outra | /sobre | 200 | /sobre']);
    expect(toolNames(at(s.origin, funnel, '/'))).toEqual(['builder:WordPress', 'builder:Elementor']);
    // The menu's links ('Vendas', 'Obrigado') are template pages the scan already asked: nothing added.
    expect(hop.added).toBe(0);
  });
});

describe('the real scan and map of a site whose checkout link is only in a script', () => {
  const s = mapOf('script-checkout');
  it('finds the sales page and the checkout with its product code and price, and no false page', () => {
    const { funnel } = s.mapped;
    expect(rows(s.origin, funnel)).toEqual([
      'Página de vendas / VSL | / | 200 | /',
      'Checkout | https://pay.kiwify.com.br/Zy98XwV | 0 | https://pay.kiwify.com.br/Zy98XwV',
    ]);
    expect(toolNames(at(s.origin, funnel, '/'))).toEqual(['checkout:Kiwify']);
    expect(at(s.origin, funnel, 'https://pay.kiwify.com.br/Zy98XwV')).toMatchObject({
      title: 'Kiwify',
      checkout: { platform: 'Kiwify', productCode: 'Zy98XwV', price: 97 },
    });
  });
});

describe('pictures of steps reached through a redirect of the site', () => {
  /** WordPress style: '/obrigado' and '/upsell' answer 301 to their trailing-slash address, which answers 200. */
  const pages: Record<string, string> = {
    '/': '<html><head><title>Curso X</title></head><body><h1>Curso</h1><a href="https://pay.hotmart.com/X12345678Y">Comprar R$ 97,00</a></body></html>',
    '/obrigado/':
      '<html><head><title>Obrigado!</title></head><body><h1>Obrigado pela compra</h1></body></html>',
    '/upsell/': '<html><head><title>Oferta especial</title></head><body><h1>Espere</h1></body></html>',
  };
  let site: TestSite;
  let mapped: MappedFunnel;
  beforeAll(async () => {
    site = await startSite((_req, res, raw) => {
      const path = raw.split('?')[0] ?? raw;
      const page = pages[path];
      if (page) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(page);
      }
      if (pages[`${path}/`]) {
        res.writeHead(301, { location: `${path}/` });
        return res.end();
      }
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html><head><title>404</title></head><body>Não encontrada</body></html>');
    });
    mapped = await scanAndMap(site.origin);
  });
  afterAll(() => site.close());

  it('the step that answered 301 is pictured from the page it ends on, and gets that picture', async () => {
    const origin = new URL(`${site.origin}/`);
    const thanks = mapped.funnel.find((e) => e.url === `${site.origin}/obrigado`);
    expect(thanks).toMatchObject({ step: 'Obrigado', status: 301, finalUrl: `${site.origin}/obrigado/` });
    expect(entriesToPicture(mapped.funnel, origin, mapped.reached).map((e) => e.finalUrl)).toEqual(
      expect.arrayContaining([`${site.origin}/`, `${site.origin}/obrigado/`, `${site.origin}/upsell/`]),
    );
    // The capture as the app's (captureScreenshots) answers: url → stored picture, for the pages it was given.
    const asked: string[] = [];
    const pictured = await pictureFunnel(mapped.funnel, origin, mapped.reached, async (urls) => {
      asked.push(...urls);
      return new Map(urls.map((u) => [u, `/files/funnels/${new URL(u).pathname.replaceAll('/', '_')}.webp`]));
    });
    expect(asked.sort()).toEqual([`${site.origin}/`, `${site.origin}/obrigado/`, `${site.origin}/upsell/`]);
    expect(pictured.find((e) => e.url === `${site.origin}/obrigado`)?.screenshotUrl).toBe(
      '/files/funnels/_obrigado_.webp',
    );
    expect(pictured.find((e) => e.url === `${site.origin}/upsell`)?.screenshotUrl).toBe(
      '/files/funnels/_upsell_.webp',
    );
    // The checkout link (another site) is never pictured.
    expect(pictured.find((e) => e.step === 'Checkout')?.screenshotUrl).toBeUndefined();
  });
});
