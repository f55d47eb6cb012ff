import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../scripts/precompress';
import { createMember, signIn } from '../testing/factories';
import { createHardenedApp, type HardenedApp } from '../testing/hardened-app';
import { createOffer } from '../testing/offer-factories';

let h: HardenedApp;
let member: string;
const CREATIVE = '/uploads/creatives/0123456789abcdef0123456789abcdef.png';

beforeAll(async () => {
  h = await createHardenedApp();
  const db = h.database.db;
  member = await signIn(db, (await createMember(db)).id);
  await createOffer(db, { createdAt: new Date('2026-01-01T00:00:00Z'), creative: null });
  await createOffer(db, {
    createdAt: new Date('2026-11-01T00:00:00Z'),
    creative: CREATIVE,
    creativeType: 'image',
  });
});
afterAll(() => h.close());

const page = (url: string, cookie?: string) => h.app.inject({ url, headers: cookie ? { cookie } : {} });
const modulePreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

const dataPreloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)">/g)].map(
    (m) => m[1],
  );

describe('index.html hints for the first screen (issue #13)', () => {
  it("names the route's chunks and what they import, minus what the entry already loads", async () => {
    const dashboard = await page('/dashboard');
    expect(dashboard.statusCode).toBe(200);
    expect(modulePreloads(dashboard.body)).toEqual([
      '/assets/dashboard-d1.js',
      '/assets/icons-i1.js',
      '/assets/offers-tab-o1.js',
      '/assets/grid-g1.js',
    ]);
    expect(modulePreloads((await page('/login')).body)).toEqual(['/assets/login-l1.js']);
    // Another tab in the URL: that tab's code instead of the catalogue's.
    expect(modulePreloads((await page('/dashboard?tab=comunidade')).body)).toEqual([
      '/assets/dashboard-d1.js',
      '/assets/icons-i1.js',
      '/assets/community-tab-c1.js',
      '/assets/feed-f1.js',
    ]);
    // An unknown tab opens the default one, the catalogue.
    expect(modulePreloads((await page('/dashboard?tab=nao-existe')).body)).toContain(
      '/assets/offers-tab-o1.js',
    );
    // A page with no first-screen route is index.html as built.
    const other = await page('/nova-oferta');
    expect(modulePreloads(other.body)).toEqual([]);
    expect(other.body).toContain('<div id="root">');
  });

  it("preloads the first card's image for a signed-in member, and only for them", async () => {
    const signedIn = await page('/dashboard', member);
    expect(signedIn.body).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="${CREATIVE}" imagesrcset="/uploads/creatives/0123456789abcdef0123456789abcdef-w320.webp 320w,`,
    );
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    expect(signedIn.headers.vary).toMatch(/cookie/i);
    // The data the catalogue asks for first starts with the HTML too, with the app's credentials mode.
    expect(dataPreloads(signedIn.body)).toEqual([
      '/api/offers?sort=recent&amp;page=1&amp;pageSize=24',
      '/api/banners/active',
    ]);
    // With filters in the URL the app asks for another page: the image still, not the data.
    const filtered = await page('/dashboard?niche=Sa%C3%BAde', member);
    expect(filtered.body).toContain('as="image"');
    expect(dataPreloads(filtered.body)).toEqual([]);

    for (const [url, cookie] of [
      ['/dashboard', undefined],
      ['/dashboard', 'ce_sid=sessao-que-nao-existe'],
      ['/dashboard?tab=ranking', member],
      ['/perfil', member],
    ] as const) {
      const res = await page(url, cookie);
      expect(res.body, url).not.toContain('as="image"');
      expect(dataPreloads(res.body), url).toEqual([]);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });
});

describe('precompressed assets', () => {
  it('sends the Brotli or gzip copy the build wrote, by Accept-Encoding, with the same type and cache', async () => {
    // A script worth compressing, and the build's step that writes its copies.
    const source = `export const ofertas = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `oferta ${i}`))};\n`;
    await writeFile(path.join(h.clientDir, 'assets', 'catalogo-abc123.js'), source);
    const { files } = precompress(h.clientDir);
    expect(files).toBeGreaterThanOrEqual(1);
    const brCopy = await readFile(path.join(h.clientDir, 'assets', 'catalogo-abc123.js.br'));
    expect(brCopy.length).toBeLessThan(source.length / 3);

    const get = (encoding?: string) =>
      h.app.inject({
        url: '/assets/catalogo-abc123.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await get('gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(brCopy)).toBe(true); // the file as written, not compressed again
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(source);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);

    const gz = await get('gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(source);
    expect(gz.headers['content-type']).toMatch(/javascript/);

    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(source);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    // A small file has no copies (it is still answered, compressed on the way out or not); a copy never stands in
    // for a missing file.
    expect(existsSync(path.join(h.clientDir, 'assets', 'app-abc123.js.br'))).toBe(false);
    const small = await h.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    const missing = await h.app.inject({
      url: '/assets/nao-existe.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(missing.statusCode).toBe(404);
  });
});
