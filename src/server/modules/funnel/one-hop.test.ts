import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type TestSite } from '../../testing/loopback-site';
import { createScanClient, type ScanClient } from '../slug-checker/scan-client';
import { calibrate, isSoftNotFoundAnswer, SCAN_SETTINGS } from '../slug-checker/scan-engine';
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

describe('links one hop out that are not pages', () => {
  /**
   * A WordPress-like site: unknown paths answer 200 with a "not found" template that echoes the path; /quebrada is a
   * real 404, /erro a 500, /bonus a real page and /pagina-sumida the template. The home page links to all four.
   */
  let wp: TestSite;
  beforeAll(async () => {
    const page = (title: string, body: string) =>
      `<!doctype html><html><head><title>${title}</title></head><body><header><a href="/">Início</a></header>${body}</body></html>`;
    wp = await startSite((_req, res, path) => {
      const html = (status: number, text: string) => {
        res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
        res.end(text);
      };
      if (path === '/')
        return html(
          200,
          page(
            'Início',
            '<a href="/quebrada">Oferta</a><a href="/erro">Obrigado</a><a href="/pagina-sumida">Vendas</a><a href="/bonus">Bônus</a>',
          ),
        );
      if (path === '/bonus')
        return html(
          200,
          page(
            'Seu bônus: planilha de metas',
            `<main><h1>Planilha de metas</h1>${'<p>Defina a meta do mês, acompanhe as vendas de cada dia e ajuste o anúncio.</p>\n'.repeat(12)}<a href="/bonus.xlsx">Baixar a planilha</a></main>`,
          ),
        );
      if (path === '/quebrada') return html(404, page('Não encontrada', '<h1>404</h1>'));
      if (path === '/erro') return html(500, page('Erro', '<h1>Erro interno</h1>'));
      const words = decodeURIComponent(path.slice(1)).replace(/[-/]/g, ' ');
      return html(
        200,
        page('Página não encontrada', `<h1>Nada encontrado para ${words}</h1><p>Tente buscar.</p>`),
      );
    });
  });
  afterAll(() => wp.close());

  it('leaves out links answering 404, 500 or the site\'s "not found" page, keeps the real one', async () => {
    const scanClient = createScanClient({ allowPrivateNetwork: true, connections: 20 });
    try {
      const origin = new URL(`${wp.origin}/`);
      const calibration = await calibrate(scanClient, origin, SCAN_SETTINGS);
      const before = wp.paths.length;
      const outcome = await readOneHop({
        client: scanClient,
        origin,
        urls: [`${wp.origin}/`],
        known: [],
        linksOf: (pages, known, max) => sameSiteLinks(pages, origin, known, max),
        isSoftNotFound: (url, answer) => isSoftNotFoundAnswer(calibration, url, answer),
        concurrency: 20,
      });
      // All four links were checked, one was kept.
      expect(wp.paths.slice(before).sort()).toEqual(['/', '/bonus', '/erro', '/pagina-sumida', '/quebrada']);
      expect(outcome.added).toEqual([`${wp.origin}/bonus`]);
      expect(outcome.pages.map((p) => new URL(p.url).pathname)).toEqual(['/', '/bonus']);
    } finally {
      await scanClient.close();
    }
  });
});
