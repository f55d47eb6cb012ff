import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clientDistFolder } from '../src/server/lib/paths';
import { expectAccessible } from './axe';
import { createMember, loginThroughForm, newPage, setupBrowser } from './helpers';

const browser = setupBrowser();
const PHONE = { width: 390, height: 844 };
const SW_FILE = path.join(clientDistFolder, 'sw.js');

/** The version of the worker that controls the page, as it says itself. */
const controllerVersion = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const controller = navigator.serviceWorker.controller;
        if (!controller) return reject(new Error('no controller'));
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(String(event.data));
        controller.postMessage({ type: 'VERSION' }, [channel.port2]);
      }),
  );

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (bytes: Buffer) => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];

describe('the club as an app on the phone', () => {
  it('serves a manifest, installs its worker, reloads offline into the dashboard and takes a new version', async () => {
    const { context, page } = await newPage(browser(), PHONE, { serviceWorkers: 'allow' });
    const original = await readFile(SW_FILE, 'utf8');
    try {
      // The manifest and its icons.
      const manifest = await page.request.get('/manifest.webmanifest');
      expect(manifest.status()).toBe(200);
      expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
      const body = await manifest.json();
      expect(body).toMatchObject({
        name: 'Clube Escala',
        lang: 'pt-BR',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        theme_color: '#0a0a0f',
        background_color: '#0a0a0f',
      });
      const icons = body.icons as Array<{ src: string; sizes: string; type: string; purpose: string }>;
      expect(icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
      for (const icon of icons.filter((i) => i.type === 'image/png')) {
        const res = await page.request.get(icon.src);
        expect(res.status(), icon.src).toBe(200);
        expect(pngSize(await res.body()).join('x'), icon.src).toBe(icon.sizes);
      }
      const worker = await page.request.get('/sw.js');
      expect(worker.headers()).toMatchObject({ 'cache-control': 'no-cache', 'service-worker-allowed': '/' });

      // A member signs in: the dashboard registers the worker after load, and it takes control.
      const email = await createMember(page, 'Membro do App');
      await loginThroughForm(page, email, 'segredo123');
      await page.getByText('Login realizado com sucesso!').first().waitFor();
      expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
      await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, {
        timeout: 20_000,
      });
      const version = await controllerVersion(page);
      expect(version).toMatch(/^[0-9a-f]{12}$/);

      // Offline, a reload still opens the dashboard: the cached shell (no member's preloads in it) and cached code.
      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Abrir menu' }).waitFor();
      expect(page.url()).toMatch(/\/dashboard/);
      expect(await page.locator('link[rel="preload"][as="fetch"][href^="/api/offers"]').count()).toBe(0);
      await context.setOffline(false);

      // A deploy: a new worker (another version) installs and waits; the page offers it.
      await writeFile(
        SW_FILE,
        original.replace(`const VERSION = "${version}";`, `const VERSION = "${version}-e2e";`),
      );
      await page.reload();
      await page.getByText('Nova versão disponível').waitFor({ timeout: 20_000 });
      await expectAccessible(page, 'pwa: nova versão disponível');
      const reloaded = page.waitForEvent('framenavigated', { timeout: 15_000 });
      await page.getByRole('button', { name: 'Atualizar' }).click();
      await reloaded;
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await controllerVersion(page)).toBe(`${version}-e2e`);
      // The old version's cache is gone; the page does not reload again.
      expect(await page.evaluate(() => caches.keys())).toEqual([`clube-escala-${version}-e2e`]);
      const navigations: string[] = [];
      page.on('framenavigated', (frame) => navigations.push(frame.url()));
      await page.waitForTimeout(1500);
      expect(navigations).toEqual([]);
    } finally {
      await writeFile(SW_FILE, original);
      await context.close();
    }
  });
});
