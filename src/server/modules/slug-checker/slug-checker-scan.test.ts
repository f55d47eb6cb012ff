import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlugCheckResponse, SlugResult } from '../../../shared/schemas/slug-checker';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  echoEverythingHandler,
  memberWithBalance,
  REAL_FORBIDDEN,
  REAL_PAGES,
  REAL_REDIRECTS,
  realSiteHandler,
  redirectEverythingHandler,
  startSite,
  type TestSite,
} from './slug-checker.test-support';
import { loadWordlist } from './wordlist';

let t: TestApp;
let real: TestSite;
let echo: TestSite;
let redirecting: TestSite;
beforeAll(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_NETWORK_TARGETS: '1' });
  real = await startSite(realSiteHandler(() => real.origin));
  echo = await startSite(echoEverythingHandler);
  redirecting = await startSite(redirectEverythingHandler);
});
afterAll(async () => {
  await Promise.all([real.close(), echo.close(), redirecting.close()]);
  await t.close();
});

const member = (cents?: number) => memberWithBalance(t.db, cents);

async function scan(cookie: string, payload: Record<string, unknown>) {
  const res = await t.request({ method: 'POST', url: '/api/check-slugs', payload, headers: { cookie } });
  return res;
}

const validSlugs = (body: SlugCheckResponse) =>
  body.results
    .filter((r) => r.isValid)
    .map((r) => r.slug)
    .sort();
const bySlug = (body: SlugCheckResponse, slug: string) =>
  body.results.find((r) => r.slug === slug) as SlugResult;

describe('POST /api/check-slugs against local sites', () => {
  it('finds exactly the real pages, reports redirects without following them, 403s and the robots/sitemap paths', async () => {
    const { cookie } = await member();
    const res = await scan(cookie, { domain: `http://${real.host}/` });
    expect(res.statusCode).toBe(200);
    const body: SlugCheckResponse = res.json();
    expect(body.domain).toBe(real.host);
    expect(body.totalTested).toBe(body.results.length);
    expect(body.totalTested).toBeGreaterThanOrEqual(loadWordlist().length);

    const expected = [
      ...Object.keys(REAL_PAGES)
        .filter((p) => p !== '/produto/up1')
        .map((p) => p.slice(1)),
      'robots.txt',
      'sitemap.xml',
    ].sort();
    expect(validSlugs(body)).toEqual(expected);
    expect(body.validUrls).toBe(expected.length);
    // The robots.txt and sitemap paths (not in the wordlist) were tested, the other host's page was not.
    expect(loadWordlist()).not.toContain('pagina-escondida-abc');
    expect(body.results.some((r) => r.slug === 'externo-999')).toBe(false);

    for (const [path, [status, location]] of Object.entries(REAL_REDIRECTS)) {
      const result = bySlug(body, path.slice(1));
      expect(result).toMatchObject({ status, isValid: false, softNotFound: false });
      expect(result.redirectUrl).toBe(new URL(location, `${real.origin}${path}`).href);
    }
    // The scan never follows a redirect; the funnel's one hop reads the found redirect's same-site target once.
    expect(real.paths.filter((p) => p === '/pagamento?ref=site')).toHaveLength(1);
    for (const path of REAL_FORBIDDEN) {
      expect(bySlug(body, path.slice(1))).toMatchObject({
        status: 403,
        statusText: 'Proibido',
        isValid: false,
      });
    }
    const obrigado = bySlug(body, 'obrigado');
    expect(obrigado).toMatchObject({
      url: `${real.origin}/obrigado`,
      status: 200,
      statusText: 'OK',
      redirectUrl: null,
    });
    expect(obrigado.responseTime).toBeGreaterThanOrEqual(0);
    expect(bySlug(body, 'up2')).toMatchObject({
      status: 404,
      statusText: 'Não Encontrado',
      softNotFound: false,
    });
    expect(body.results.filter((r) => r.softNotFound)).toEqual([]);
    // Every slug requested once (plus robots, sitemap, the home page and the calibration probes).
    const scanned = real.paths.filter((p) => body.results.some((r) => `/${r.slug}` === p));
    expect(new Set(scanned).size).toBe(body.totalTested);
    // Where the time went (the bench judges the scan apart from reaching the site and the funnel's hop).
    const timing = Object.fromEntries(
      String(res.headers['server-timing'])
        .split(', ')
        .map((part) => {
          const [name, dur] = part.split(';dur=');
          return [name, Number(dur)];
        }),
    );
    expect(Object.keys(timing)).toEqual(['prepare', 'scan', 'funnel']);
    for (const ms of Object.values(timing)) expect(ms).toBeGreaterThan(0);
  });

  it('tries a baseSlug (typed as a path) with the funnel suffixes', async () => {
    const { cookie } = await member();
    const res = await scan(cookie, { domain: `http://${real.host}/produto` });
    expect(res.statusCode).toBe(200);
    const body: SlugCheckResponse = res.json();
    expect(validSlugs(body)).toContain('produto/up1');
    expect(body.results.map((r) => r.slug)).toEqual(
      expect.arrayContaining(['produto', 'produto/obrigado', 'produto-up1']),
    );
  });

  it('reports no false positive on a site answering 200 to everything with the path echoed', async () => {
    const { cookie } = await member();
    const res = await scan(cookie, { domain: echo.origin });
    expect(res.statusCode).toBe(200);
    const body: SlugCheckResponse = res.json();
    expect(validSlugs(body)).toEqual(['obrigado']);
    const soft = body.results.filter((r) => r.softNotFound);
    expect(soft.length).toBe(body.totalTested - 1);
    expect(soft.every((r) => r.status === 200 && !r.isValid && r.statusText.includes('soft-404'))).toBe(true);
  });

  it('reports no false positive on a site redirecting everything to /login?next=<path>', async () => {
    const { cookie } = await member();
    const res = await scan(cookie, { domain: redirecting.origin });
    expect(res.statusCode).toBe(200);
    const body: SlugCheckResponse = res.json();
    expect(validSlugs(body)).toEqual(['login', 'obrigado']);
    const redirects = body.results.filter((r) => r.status >= 300 && r.status < 400);
    expect(redirects.length).toBeGreaterThan(1000);
    expect(redirects.filter((r) => !r.softNotFound || r.isValid).map((r) => [r.slug, r.redirectUrl])).toEqual(
      [],
    );
    expect(bySlug(body, 'up1').redirectUrl).toBe(`${redirecting.origin}/login?next=%2Fup1`);
    // The scan followed none of them (soft-404 redirects are not pages of the funnel); the one hop reads the scanned
    // home page, which redirects too, and follows that one same-site redirect once.
    expect(redirecting.paths.filter((p) => p.startsWith('/login?'))).toEqual(['/login?next=%2F']);
  });

  it('tries https first and falls back to http when no scheme is typed', async () => {
    const { cookie } = await member();
    const handshakes = real.tlsHandshakes();
    const res = await scan(cookie, { domain: real.host });
    expect(res.statusCode).toBe(200);
    expect(real.tlsHandshakes()).toBe(handshakes + 1);
    expect(bySlug(res.json(), 'obrigado').url).toBe(`${real.origin}/obrigado`);
  });

  it('stores the scan: the member lists it and reopens it with its results; others get 404', async () => {
    const { cookie } = await member();
    const body: SlugCheckResponse = (await scan(cookie, { domain: echo.origin })).json();
    const list = await t.request({ method: 'GET', url: '/api/slug-scans', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    const [summary] = list.json().scans;
    expect(summary).toMatchObject({
      id: body.scanId,
      domain: echo.host,
      status: 'done',
      totalTested: body.totalTested,
      validUrls: 1,
      softNotFound: body.totalTested - 1,
    });
    expect(summary.results).toBeUndefined();
    const detail = await t.request({
      method: 'GET',
      url: `/api/slug-scans/${body.scanId}`,
      headers: { cookie },
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().results).toEqual(body.results);

    const other = await member();
    const foreign = await t.request({
      method: 'GET',
      url: `/api/slug-scans/${body.scanId}`,
      headers: { cookie: other.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Verificação não encontrada.');
    const otherList = await t.request({
      method: 'GET',
      url: '/api/slug-scans',
      headers: { cookie: other.cookie },
    });
    expect(otherList.json().scans).toEqual([]);
  });

  it('validates the domain with the server-side messages and charges nothing', async () => {
    const { user, cookie } = await member(300);
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'Domínio é obrigatório'],
      [{ domain: '   ' }, 'Domínio é obrigatório'],
      [{ domain: 'semponto' }, 'Formato de domínio inválido'],
      [{ domain: 'https://localhost:8080/' }, 'Formato de domínio inválido'],
      [{ domain: 'ftp://site.com.br' }, 'Formato de domínio inválido'],
      [{ domain: 'usuario@site.com.br' }, 'Formato de domínio inválido'],
      [{ domain: 'site.com.br', baseSlug: '../etc' }, 'Slug base inválido'],
    ];
    for (const [payload, message] of cases) {
      const res = await scan(cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const anonymous = await t.request({
      method: 'POST',
      url: '/api/check-slugs',
      payload: { domain: echo.origin },
    });
    expect(anonymous.statusCode).toBe(401);
    const balance = await t.request({ method: 'GET', url: '/api/user/balance', headers: { cookie } });
    expect(balance.json()).toEqual({ balance: 3, pixTopUp: 'sandbox' });
    expect(user.id).toBeTruthy();
  });
});
