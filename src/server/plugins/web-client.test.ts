import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    // Another tab in the URL: the catalogue's code is not asked for.
    expect(modulePreloads((await page('/dashboard?tab=comunidade')).body)).toEqual([
      '/assets/dashboard-d1.js',
      '/assets/icons-i1.js',
    ]);
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
