import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHardenedApp, type HardenedApp } from '../testing/hardened-app';
import { THEME_COLOR } from './pwa';

let h: HardenedApp;
beforeAll(async () => {
  h = await createHardenedApp();
});
afterAll(() => h.close());

const get = (url: string) => h.app.inject({ url });

describe('GET /manifest.webmanifest', () => {
  it('describes the installed app: name, pt-BR, the dashboard first, standalone, the dark theme, icons', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = res.json();
    expect(manifest).toMatchObject({
      name: 'Clube Escala',
      short_name: 'Clube Escala',
      lang: 'pt-BR',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOR,
      background_color: THEME_COLOR,
    });
    expect(manifest.description).toMatch(/clube/);
    const sizes = (manifest.icons as Array<{ sizes: string; purpose: string }>).map(
      (i) => `${i.sizes} ${i.purpose}`,
    );
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  });

  it('uses the dark theme colour of the styles and of index.html', async () => {
    const { readFile } = await import('node:fs/promises');
    const { projectRoot } = await import('../lib/paths');
    const styles = await readFile(path.join(projectRoot, 'src/client/styles.css'), 'utf8');
    expect(styles).toContain(`--color-background: ${THEME_COLOR};`);
    const html = await readFile(path.join(projectRoot, 'index.html'), 'utf8');
    expect(html).toContain(`<meta name="theme-color" content="${THEME_COLOR}" />`);
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
  });
});

describe('GET /sw.js', () => {
  it('is read from the built client at each request, never cached without revalidation, allowed at /', async () => {
    const file = path.join(h.clientDir, 'sw.js');
    expect((await get('/sw.js')).statusCode).toBe(404);
    await writeFile(file, 'const VERSION = "a";');
    const first = await get('/sw.js');
    expect(first.statusCode).toBe(200);
    expect(first.headers).toMatchObject({
      'cache-control': 'no-cache',
      'service-worker-allowed': '/',
      'content-type': 'text/javascript; charset=utf-8',
    });
    expect(first.body).toBe('const VERSION = "a";');
    // A deploy replaces the file: the next request sees it, without a restart.
    await writeFile(file, 'const VERSION = "b";');
    expect((await get('/sw.js')).body).toBe('const VERSION = "b";');
    await rm(file);
  });

  it('the generic shell the worker keeps (/index.html) carries no member preloads', async () => {
    const res = await get('/index.html');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).not.toContain('rel="preload" as="fetch"');
  });
});
