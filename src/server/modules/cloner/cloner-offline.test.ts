import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, resolveChromiumPath } from '../../lib/chromium';
import { createMember } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type BrowserHolder, createBrowserHolder } from './browser';
import { cloneWebsite } from './cloner.service';
import { cdnHandler, landingHandler, startSite, type TestSite } from './cloner.test-support';

/**
 * A clone of a page that is not at the site's root, opened offline from a plain web root: the page's script fetches
 * a relative URL and builds image URLs (relative, and absolute on the third-party host) at run time; the shim sends
 * each to its file in the archive, and nothing leaves the web root.
 */
let t: TestApp;
let site: TestSite;
let cdn: TestSite;
let browsers: BrowserHolder;
/** A plain browser to view the clone (the cloner's own reaches nothing by itself). */
let viewer: Browser;
let dir: string;
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
  dir = await mkdtemp(path.join(os.tmpdir(), 'ce-clone-offline-'));
}, 60_000);
afterAll(async () => {
  await browsers?.close();
  await viewer?.close();
  await Promise.all([site?.close(), cdn?.close()]);
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function serve(root: string) {
  const server = createServer(async (req, res) => {
    let rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (rel.endsWith('/')) rel += 'index.html';
    const file = path.join(root, path.normalize(rel));
    const data = file.startsWith(root) ? await readFile(file).catch(() => null) : null;
    if (!data) return void res.writeHead(404).end();
    const type = file.endsWith('.html')
      ? 'text/html'
      : file.endsWith('.json')
        ? 'application/json'
        : 'image/png';
    res.writeHead(200, { 'content-type': type }).end(data);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a clone opened offline', () => {
  it('runs the page script of a sub-path page against the archive, with nothing requested outside', async () => {
    const user = await createMember(t.db);
    const result = await cloneWebsite(
      { db: t.db, config: { ALLOW_PRIVATE_NETWORK_TARGETS: true }, storage: t.app.storage, browsers },
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
    expect(Buffer.from(files['index.html'] ?? []).toString()).toContain('src="/pasta/img/rel.png"');
    for (const [name, data] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), data);
    }

    const web = await serve(dir);
    const context = await viewer.newContext();
    try {
      const outside: string[] = [];
      await context.route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith(`${web.origin}/`)) return route.continue();
        outside.push(url);
        return route.abort();
      });
      const page = await context.newPage();
      await page.goto(`${web.origin}/`);
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
