import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type TestSite } from '../../testing/loopback-site';
import { createScanClient, type ScanClient } from '../slug-checker/scan-client';
import { sameSiteLinks } from './build-funnel';
import { FUNNEL_EXTRA_REQUESTS, readOneHop } from './one-hop';

/** A page linking to 150 pages of its own site, each answering 200; /vai redirects to /pagina-1, /fora off-site. */
let site: TestSite;
let client: ScanClient;
beforeAll(async () => {
  site = await startSite((_req, res, path) => {
    if (path === '/vai') {
      res.writeHead(302, { location: '/pagina-1' });
      return res.end();
    }
    if (path === '/fora') {
      res.writeHead(302, { location: 'https://pay.hotmart.com/X12345678Y' });
      return res.end();
    }
    const links = Array.from({ length: 150 }, (_, i) => `<a href="/pagina-${i}">${i}</a>`).join('');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><title>${path}</title></head><body>${links}</body></html>`);
  });
  client = createScanClient({ allowPrivateNetwork: true, connections: 20 });
});
afterAll(async () => {
  await client.close();
  await site.close();
});

const hop = (urls: string[]) =>
  readOneHop({
    client,
    origin: new URL(site.origin),
    urls,
    known: [],
    linksOf: (pages, known, max) => sameSiteLinks(pages, new URL(site.origin), known, max),
    isSoftNotFound: () => false,
    concurrency: 20,
  });

describe('the one hop further', () => {
  it(`never makes more than ${FUNNEL_EXTRA_REQUESTS} requests, however many links the pages show`, async () => {
    const before = site.paths.length;
    const outcome = await hop([`${site.origin}/`]);
    expect(site.paths.length - before).toBe(FUNNEL_EXTRA_REQUESTS);
    expect(outcome.requests).toBe(FUNNEL_EXTRA_REQUESTS);
    expect(outcome.added).toHaveLength(FUNNEL_EXTRA_REQUESTS - 1);
  });

  it('follows a same-site redirect and records, never requests, another site', async () => {
    const before = site.paths.length;
    const { pages } = await hop([`${site.origin}/vai`, `${site.origin}/fora`]);
    const asked = site.paths.slice(before);
    expect(asked.slice(0, 3).sort()).toEqual(['/fora', '/pagina-1', '/vai']);
    expect(pages.find((p) => p.url.endsWith('/vai'))).toMatchObject({
      status: 302,
      finalUrl: `${site.origin}/pagina-1`,
    });
    expect(pages.find((p) => p.url.endsWith('/fora'))).toMatchObject({
      status: 302,
      finalUrl: 'https://pay.hotmart.com/X12345678Y',
      html: null,
    });
  });
});
