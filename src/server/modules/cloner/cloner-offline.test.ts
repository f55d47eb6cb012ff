import { unzipSync } from 'fflate';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, resolveChromiumPath } from '../../lib/chromium';
import { createMember } from '../../testing/factories';
import { startStaticHost } from '../../testing/real-pages/static-host';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type BrowserHolder, createBrowserHolder } from './browser';
import { cloneWebsite } from './cloner.service';
import { cdnHandler, landingHandler, startSite, type TestSite } from './cloner.test-support';

/**
 * A clone of a page that is not at the site's root, served offline from a sub-folder of a static host (types from
 * the extension only): the page's script fetches a relative URL and builds image URLs (relative, and absolute on
 * the third-party host) at run time; the shim sends each to its file under that folder, and nothing leaves it.
 */
let t: TestApp;
let site: TestSite;
let cdn: TestSite;
let browsers: BrowserHolder;
/** A plain browser to view the clone (the cloner's own reaches nothing by itself). */
let viewer: Browser;
beforeAll(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_NETWORK_TARGETS: '1' });
  cdn = await startSite(cdnHandler);
  site = await startSite(
    landingHandler(
      () => cdn.origin,
      () => site.origin,
    ),
  );
  browsers = createBrowserHolder();
  viewer = await chromium.launch({
    executablePath: await resolveChromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
  });
}, 60_000);
afterAll(async () => {
  await browsers?.close();
  await viewer?.close();
  await Promise.all([site?.close(), cdn?.close()]);
  await t?.close();
});

describe('a clone opened offline', () => {
  it('runs the page script of a sub-path page against the archive, with nothing requested outside', async () => {
    const user = await createMember(t.db);
    const result = await cloneWebsite(
      {
        db: t.db,
        config: { ALLOW_PRIVATE_NETWORK_TARGETS: true, JOB_LEASE_SECONDS: 15 },
        storage: t.app.storage,
        browsers,
        workers: t.app.workers,
        jobs: t.app.jobs,
      },
      user.id,
      { url: site.url('/pasta/pagina') },
    );
    expect(result.success, result.error).toBe(true);
    const zip = await t.app.storage.readPrivate(`clones/${result.downloadUrl.split('/')[3]}.zip`);
    const files = unzipSync(new Uint8Array(zip ?? Buffer.alloc(0)));
    const third = `_externos/127.0.0.1_${cdn.port}`;
    for (const name of [
      'index.html',
      'pasta/dados.json',
      'pasta/img/rel.png',
      'pasta/img/montada.png',
      `${third}/img/cdn-sub.png`,
    ]) {
      expect(Object.keys(files), name).toContain(name);
    }
    expect(Buffer.from(files['index.html'] ?? []).toString()).toContain('src="pasta/img/rel.png"');
    const web = await startStaticHost({ files }, '/clones/pagina/');
    const context = await viewer.newContext();
    try {
      const outside: string[] = [];
      await context.route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith(web.base)) return route.continue();
        outside.push(url);
        return route.abort();
      });
      const page = await context.newPage();
      await page.goto(web.base);
      await page.waitForFunction(() => document.documentElement.dataset.pronto === '1');
      await page.waitForFunction(() => [...document.images].every((img) => img.complete));
      expect(await page.locator('#saida').textContent()).toBe('ok');
      const widths = await page.evaluate(() =>
        ['montada', 'terceiro'].map((id) => (document.getElementById(id) as HTMLImageElement).naturalWidth),
      );
      expect(widths).toEqual([1, 1]);
      expect(outside).toEqual([]);
    } finally {
      await context.close();
      await web.close();
    }
  }, 60_000);
});
