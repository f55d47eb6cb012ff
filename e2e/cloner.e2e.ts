import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticHost } from '../src/server/testing/real-pages/static-host';
import { expectAccessible } from './axe';
import { type Landing, startCloneLanding } from './clone-landing';
import { createMember, loginThroughForm, newPage, screenshot, setupBrowser } from './helpers';
import { identicalShare } from './pixel-diff';

/**
 * Issue #14 in the browser: a member clones a local landing page (two hosts, content loaded by scripts) through the
 * 'Clonador de Sites' tab, downloads the ZIP, and the unzipped clone, served offline from a plain web root, looks
 * like the original at 800x600 and at 390x844@2x, makes no request outside its web root, and its button still works.
 */
const browser = setupBrowser();

const VIEWS: [string, BrowserContextOptions][] = [
  ['computador', { viewport: { width: 800, height: 600 }, deviceScaleFactor: 1 }],
  [
    'celular',
    { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  ],
];

let landing: Landing;
let workDir: string;
beforeAll(async () => {
  landing = await startCloneLanding();
  workDir = await mkdtemp(path.join(os.tmpdir(), 'ce-clone-e2e-'));
});
afterAll(async () => {
  await landing?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** A page at one size that may only talk to `allowed`; anything else is refused and counted. */
async function isolatedPage(b: Browser, options: BrowserContextOptions, allowed: string[]) {
  const context = await b.newContext({ ...options, locale: 'pt-BR' });
  const outside: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (allowed.some((origin) => url.startsWith(`${origin}/`))) return route.continue();
    outside.push(url);
    return route.abort();
  });
  const page = await context.newPage();
  return { context, page, outside };
}

/** Loads and waits until the page's script has run and every image has arrived. */
async function settle(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.documentElement.dataset.pronto === '1');
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(150);
}

describe('the site cloner', () => {
  it('clones a local page through the screen; the ZIP works offline, looks the same at both sizes, its scripts run', async () => {
    const { context, page } = await newPage(browser());
    const email = await createMember(page, 'Carla Clones');
    await loginThroughForm(page, email, 'segredo123');
    await page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
    await page.goto('/dashboard?tab=clonador');
    await page.getByRole('heading', { name: 'Como funciona' }).waitFor();
    await expectAccessible(page, 'clonador');
    await screenshot(page, 'clonador-1440');

    // A page that does not exist: the error panel with its causes.
    await page.getByLabel('URL do site').fill(`${landing.origin}/nao-existe`);
    await page.getByRole('button', { name: 'Clonar Site' }).click();
    await page.getByText('Erro ao Clonar Site').waitFor({ timeout: 60_000 });
    await page.getByText('código 404').first().waitFor();
    await expectAccessible(page, 'clonador: erro');
    await screenshot(page, 'clonador-erro-1440');

    // The clone, typed without its scheme (the landing has no https: the server falls back to http).
    await page.getByLabel('URL do site').fill(landing.origin.replace(/^http:\/\//, ''));
    await page.getByRole('button', { name: 'Clonar Site' }).click();
    await page.getByRole('button', { name: 'Clonando site...' }).waitFor();
    const link = page.getByRole('link', { name: 'Baixar ZIP' });
    await link.waitFor({ timeout: 60_000 });
    expect(await page.getByText('Erro ao Clonar Site').count()).toBe(0);
    await page.getByText('Site clonado com sucesso!').first().waitFor();
    await expectAccessible(page, 'clonador: sucesso');
    await screenshot(page, 'clonador-sucesso-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'clonador: sucesso');
    await screenshot(page, 'clonador-sucesso-390');

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    // Named after the site and the day (São Paulo); the link's name and the server's Content-Disposition agree.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const zipName = `${new URL(landing.origin).host.replace(':', '_')}-${day}.zip`;
    expect(await link.getAttribute('download')).toBe(zipName);
    expect(download.suggestedFilename()).toBe(zipName);
    const zip = await readFile(await download.path());
    await context.close();

    const root = path.join(workDir, 'site');
    for (const [name, data] of Object.entries(unzipSync(zip))) {
      if (name.endsWith('/')) continue;
      const file = path.join(root, name);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    }
    const web = await startStaticHost({ dir: root });
    try {
      const siteBefore = landing.sitePaths.length;
      const cdnBefore = landing.cdnPaths.length;
      for (const [name, options] of VIEWS) {
        const original = await isolatedPage(browser(), options, [landing.origin, landing.cdnOrigin]);
        await settle(original.page, `${landing.origin}/`);
        const expected = await original.page.screenshot();
        await original.context.close();

        const copy = await isolatedPage(browser(), options, [web.origin]);
        const siteDuring = landing.sitePaths.length;
        await settle(copy.page, `${web.origin}/`);
        const actual = await copy.page.screenshot();
        // Content the scripts loaded is there: the JSON's title, the third-party widget, images built in code.
        expect(await copy.page.locator('#titulo').textContent()).toBe('Método Escala 2.0');
        expect(await copy.page.locator('#widget').textContent()).toBe('Widget de terceiros carregado');
        expect(await copy.page.locator('#depoimentos img').count()).toBe(4);
        const share = identicalShare(expected, actual);
        expect(share, `${name}: ${(share * 100).toFixed(2)}% idênticos`).toBeGreaterThanOrEqual(0.995);
        // The scripts live: the button's handler runs in the clone.
        await copy.page.getByRole('button', { name: 'Quero comprar' }).click();
        await copy.page.getByText('Etapa 2: escolha o seu plano').waitFor();
        expect(copy.outside, `${name}: pedidos para fora`).toEqual([]);
        expect(landing.sitePaths.length).toBe(siteDuring);
        await copy.context.close();
      }
      // Nothing of the clone's viewing reached either original host (only the originals' own loads did).
      expect(landing.cdnPaths.length - cdnBefore).toBeGreaterThan(0);
      expect(siteBefore).toBeGreaterThan(0);
    } finally {
      await web.close();
    }
  }, 180_000);
});
