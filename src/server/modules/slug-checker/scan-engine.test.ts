import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlugResult } from '../../../shared/schemas/slug-checker';
import { discoverPaths, parseSitemap } from './discovery';
import { createScanClient, type ScanClient } from './scan-client';
import { isSoftNotFoundAnswer, SCAN_SETTINGS, type ScanPlan, scanSite } from './scan-engine';
import {
  startSite,
  TEMPLATE_SITE_REAL_PAGE,
  type TestSite,
  templateWordsHandler,
} from './slug-checker.test-support';
import { loadWordlist } from './wordlist';

/** The scan engine on loopback sites, without the database: soft-404 judgement, in-flight limit, discovery. */

const discover =
  (origin: URL): ScanPlan['discover'] =>
  async (client, signal) => {
    const found = await discoverPaths(client, origin, async (xml) => parseSitemap(xml), signal);
    return [...found.robots, ...found.sitemap];
  };

async function scanWith(
  site: TestSite,
  plan: (origin: URL) => ScanPlan,
  settings = SCAN_SETTINGS,
  events: { start: number[]; progress: [number, number][] } = { start: [], progress: [] },
) {
  const client: ScanClient = createScanClient({
    allowPrivateNetwork: true,
    connections: settings.concurrency,
  });
  const origin = new URL(`${site.origin}/`);
  try {
    const outcome = await scanSite(client, origin, plan(origin), settings, {
      onStart: (total) => events.start.push(total),
      onResult: (_result, tested, total) => events.progress.push([tested, total]),
    });
    return { ...outcome, events };
  } finally {
    await client.close();
  }
}

const valid = (results: SlugResult[]) =>
  results
    .filter((r) => r.isValid)
    .map((r) => r.slug)
    .sort();

describe('a soft-404 site whose template holds the words of the paths', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startSite(templateWordsHandler);
  });
  afterAll(() => site.close());

  it('reports no false page for /vendas, /checkout, /obrigado, and still finds the real page', async () => {
    const { results, calibration } = await scanWith(site, (origin) => ({
      slugs: loadWordlist(),
      discover: discover(origin),
    }));
    const wordlist = loadWordlist();
    for (const slug of ['vendas', 'checkout', 'obrigado', 'blog', 'contato']) {
      if (!wordlist.includes(slug)) continue;
      expect(
        results.find((r) => r.slug === slug),
        slug,
      ).toMatchObject({
        status: 200,
        isValid: false,
        softNotFound: true,
      });
    }
    expect(wordlist).toEqual(expect.arrayContaining(['vendas', 'checkout', 'obrigado']));
    // robots.txt and sitemap.xml answer the template too; the one real page (in the wordlist) is found.
    expect(wordlist).toContain(TEMPLATE_SITE_REAL_PAGE.slice(1));
    expect(valid(results)).toEqual([TEMPLATE_SITE_REAL_PAGE.slice(1)]);
    expect(results.filter((r) => !r.softNotFound).map((r) => r.slug)).toEqual([
      TEMPLATE_SITE_REAL_PAGE.slice(1),
    ]);

    // The same judgement from outside the scan (for pages found later on the same site).
    if (!calibration) throw new Error('sem calibração');
    const page = async (path: string) => {
      const res = await fetch(site.url(path));
      return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
    };
    expect(isSoftNotFoundAnswer(calibration, new URL(site.url('/vendas')), await page('/vendas'))).toBe(true);
    expect(isSoftNotFoundAnswer(calibration, new URL(site.url('/obrigado/')), await page('/obrigado/'))).toBe(
      true,
    );
    expect(
      isSoftNotFoundAnswer(
        calibration,
        new URL(site.url(TEMPLATE_SITE_REAL_PAGE)),
        await page(TEMPLATE_SITE_REAL_PAGE),
      ),
    ).toBe(false);
  });
});

describe('the whole scan within one in-flight limit', () => {
  let inFlight = 0;
  let maxInFlight = 0;
  let robotsDelayMs = 0;
  let site: TestSite;
  const slow = (res: ServerResponse, ms: number, status: number, body: string, type = 'text/html') => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    setTimeout(() => {
      inFlight--;
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    }, ms);
  };
  beforeAll(async () => {
    site = await startSite((_req: IncomingMessage, res: ServerResponse, path: string) => {
      if (path === '/robots.txt')
        return slow(res, 20 + robotsDelayMs, 200, 'User-agent: *\nDisallow: /so-no-robots\nAllow: /up1\n');
      if (path === '/sitemap.xml')
        return slow(
          res,
          20,
          200,
          `<urlset><url><loc>${site.origin}/so-no-sitemap</loc></url><url><loc>${site.origin}/vsl</loc></url></urlset>`,
          'application/xml',
        );
      if (['/up1', '/so-no-robots', '/so-no-sitemap'].includes(path))
        return slow(res, 20, 200, `<h1>${path}</h1>${'<p>página de verdade</p>'.repeat(30)}`);
      return slow(res, 20, 404, 'não encontrado');
    });
  });
  afterAll(() => site.close());

  const slugs = Array.from({ length: 60 }, (_, i) => `pagina-${i}`).concat(['up1', 'vsl']);

  it('never has more requests in flight than allowed, probes and robots/sitemap included; appends what they find, once', async () => {
    maxInFlight = 0;
    robotsDelayMs = 0;
    const before = site.paths.length;
    const settings = { ...SCAN_SETTINGS, concurrency: 5 };
    const { results, events } = await scanWith(
      site,
      (origin) => ({ slugs, discover: discover(origin) }),
      settings,
    );
    expect(maxInFlight).toBeGreaterThanOrEqual(4);
    expect(maxInFlight).toBeLessThanOrEqual(5);
    const requested = site.paths.slice(before);
    expect(requested).toEqual(expect.arrayContaining(['/robots.txt', '/sitemap.xml']));
    // 6 calibration probes, robots.txt, sitemap.xml, the 62 slugs and the 2 discovered ones: each once.
    expect(requested).toHaveLength(6 + 2 + slugs.length + 2);
    expect(new Set(requested).size).toBe(requested.length);
    expect(results.map((r) => r.slug)).toEqual([...slugs, 'so-no-robots', 'so-no-sitemap']);
    expect(valid(results)).toEqual(['so-no-robots', 'so-no-sitemap', 'up1']);
    // Discovery was in before the first result: one total, final.
    expect(events.start).toEqual([64]);
    expect(events.progress.map(([tested]) => tested)).toEqual(results.map((_, i) => i + 1));
    expect(events.progress.every(([, total]) => total === 64)).toBe(true);
  });

  it('streams after the calibration when discovery is slow, the total growing coherently', async () => {
    robotsDelayMs = 600;
    try {
      const { results, events } = await scanWith(site, (origin) => ({
        slugs,
        discover: discover(origin),
        discoveryWaitMs: 50,
      }));
      expect(events.start).toEqual([slugs.length]);
      const totals = events.progress.map(([, total]) => total);
      expect(totals[0]).toBe(slugs.length);
      expect(totals.at(-1)).toBe(slugs.length + 2);
      expect(totals.every((t, i) => i === 0 || t >= (totals[i - 1] as number))).toBe(true);
      expect(events.progress.every(([tested, total]) => tested <= total)).toBe(true);
      expect(results).toHaveLength(slugs.length + 2);
      expect(valid(results)).toEqual(['so-no-robots', 'so-no-sitemap', 'up1']);
    } finally {
      robotsDelayMs = 0;
    }
  });

  it('stops starting requests when the signal aborts, discovery included', async () => {
    const client = createScanClient({ allowPrivateNetwork: true, connections: 5 });
    const stop = new AbortController();
    const before = site.paths.length;
    let seen = 0;
    try {
      const outcome = await scanSite(
        client,
        new URL(`${site.origin}/`),
        { slugs: Array.from({ length: 400 }, (_, i) => `x-${i}`), discover: discover(new URL(site.origin)) },
        { ...SCAN_SETTINGS, concurrency: 5 },
        {
          onResult: () => {
            if (++seen === 20) stop.abort();
          },
        },
        stop.signal,
      );
      expect(outcome.stopped).toBe(true);
      expect(outcome.results.length).toBeLessThan(60);
      expect(site.paths.length - before).toBeLessThan(80);
    } finally {
      await client.close();
    }
  });
});
