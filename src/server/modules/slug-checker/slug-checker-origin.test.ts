import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { prepareSlugCheck, runSlugCheck } from './slug-checker.service';
import {
  memberWithBalance,
  REAL_PAGES,
  realSiteHandler,
  startSite,
  type TestSite,
} from './slug-checker.test-support';
import { canonicalOrigin } from './target';

const SITE = 'loja.exemplo.com.br';

/** Every name of the test resolves to loopback, where the test sites listen. */
const lookup = ((_host: string, _options: unknown, callback: (e: null, a: LookupAddress[]) => void) =>
  callback(null, [{ address: '127.0.0.1', family: 4 }])) as unknown as typeof import('node:dns').lookup;

let t: TestApp;
let wwwSite: TestSite;
let elsewhere: TestSite;
beforeAll(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_NETWORK_TARGETS: '1' });
  // One server answering two names, like a real site: the bare name sends everything to www., www. is the shop.
  const shop = realSiteHandler(() => `http://www.${SITE}:${wwwSite.port}`);
  wwwSite = await startSite((req, res, path) => {
    if (req.headers.host?.startsWith('www.')) return shop(req, res, path);
    res.writeHead(301, { location: `http://www.${SITE}:${wwwSite.port}${path}` });
    res.end();
  });
  // A home page that sends visitors to another site: the scan must stay where the member pointed it.
  elsewhere = await startSite((_req, res, path) => {
    if (path === '/') {
      res.writeHead(302, { location: 'http://outra-loja.exemplo.net/' });
      return res.end();
    }
    res.writeHead(path === '/obrigado' ? 200 : 404, { 'content-type': 'text/html' });
    res.end(path === '/obrigado' ? '<h1>Obrigado pela compra</h1>' : 'não encontrado');
  });
});
afterAll(async () => {
  await Promise.all([wwwSite.close(), elsewhere.close()]);
  await t.close();
});

async function scanWithLookup(domain: string) {
  const { user } = await memberWithBalance(t.db, 300);
  const deps = { db: t.db, config: t.config, jobs: t.app.jobs, workers: t.app.workers, lookup };
  const scan = await prepareSlugCheck(deps, user.id, { domain });
  return { scan, body: await runSlugCheck(deps, scan) };
}

describe('the origin a scan runs on', () => {
  it('moves to the www. variant the home page redirects to, and finds the real pages there', async () => {
    const { scan, body } = await scanWithLookup(`http://${SITE}:${wwwSite.port}`);
    expect(scan.origin.origin).toBe(`http://www.${SITE}:${wwwSite.port}`);
    expect(body.domain).toBe(`${SITE}:${wwwSite.port}`);
    expect(body.results.every((r) => r.url.startsWith(`http://www.${SITE}:${wwwSite.port}/`))).toBe(true);
    const valid = body.results.filter((r) => r.isValid).map((r) => `/${r.slug}`);
    expect(valid).toEqual(expect.arrayContaining(['/obrigado', '/up1', '/vsl2']));
    expect(valid.every((p) => p in REAL_PAGES || p === '/robots.txt' || p === '/sitemap.xml')).toBe(true);
    // Only the shop's own redirects, not one slug reported as the bare name's redirect to www.
    const redirects = body.results.filter((r) => r.status >= 300 && r.status < 400).map((r) => r.slug);
    expect(redirects.sort()).toEqual(['checkout', 'membros']);
  });

  it('stays on the typed origin when the home page redirects to another site', async () => {
    const { scan, body } = await scanWithLookup(`http://${SITE}:${elsewhere.port}`);
    expect(scan.origin.origin).toBe(`http://${SITE}:${elsewhere.port}`);
    expect(body.results.filter((r) => r.isValid).map((r) => r.slug)).toEqual(['obrigado']);
    expect(elsewhere.paths).not.toContain('http://outra-loja.exemplo.net/');
  });
});

describe('canonicalOrigin', () => {
  const redirect = (location: string) => ({ status: 301, location });
  it('follows a scheme upgrade and the www./bare variants of the same host and port', () => {
    const http = new URL('http://loja.com.br/');
    expect(canonicalOrigin(http, redirect('https://loja.com.br/'))?.href).toBe('https://loja.com.br/');
    expect(canonicalOrigin(http, redirect('https://www.loja.com.br/home?x=1'))?.href).toBe(
      'https://www.loja.com.br/',
    );
    expect(canonicalOrigin(new URL('https://www.loja.com.br/'), redirect('/'))).toBeUndefined();
    expect(canonicalOrigin(new URL('https://www.loja.com.br/'), redirect('https://loja.com.br/'))?.href).toBe(
      'https://loja.com.br/',
    );
    expect(
      canonicalOrigin(new URL('http://loja.com.br:8080/'), redirect('http://www.loja.com.br:8080/'))?.href,
    ).toBe('http://www.loja.com.br:8080/');
  });

  it('stays for another site, another port, the same origin, credentials, other schemes or a non-redirect', () => {
    const http = new URL('http://loja.com.br/');
    for (const location of [
      'https://outra.com.br/',
      'https://loja.com.br.evil.com/',
      'https://app.loja.com.br/',
      'https://www.www.loja.com.br/',
      'https://loja.com.br:8443/',
      'http://loja.com.br/inicio',
      'https://user:pw@loja.com.br/',
      'ftp://loja.com.br/',
      'javascript:alert(1)',
    ]) {
      expect(canonicalOrigin(http, redirect(location)), location).toBeUndefined();
    }
    expect(canonicalOrigin(http, { status: 200, location: 'https://loja.com.br/' })).toBeUndefined();
    expect(canonicalOrigin(http, { status: 302 })).toBeUndefined();
  });
});
