import type { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_VARIANT_WIDTHS } from '../../../shared/image-variants';
import { loadConfig } from '../../config';
import { createLocalStorage, LOCAL_UPLOAD_PREFIX, type Storage, uploadsDir } from '../../lib/storage/storage';
import { variantKeys } from '../../lib/storage/storage-variants';
import { startSite, type TestSite } from '../../testing/loopback-site';
import { type BrowserHolder, createBrowserHolder } from '../cloner/browser';
import { captureScreenshots, type ScreenshotDeps } from './screenshots';

let dataDir: string;
let root: string;
let storage: Storage;
let browsers: BrowserHolder;
const sites: TestSite[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'ce-funnel-shots-'));
  const config = loadConfig({ DATA_DIR: dataDir });
  root = uploadsDir(config);
  storage = createLocalStorage(config);
  browsers = createBrowserHolder({ warn: () => {} });
  // Started once here, so the timed call below measures pages, not the browser's launch.
  await browsers.acquire();
  browsers.release();
}, 60_000);
afterAll(async () => {
  await browsers?.close();
  await Promise.all(sites.map((s) => s.close()));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function site(handler: Parameters<typeof startSite>[0]) {
  const s = await startSite(handler);
  sites.push(s);
  return s;
}

const html = (style: string, body = '') =>
  `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<style>html,body{margin:0}body{${style}}</style></head><body>${body}</body></html>`;

const GREEN = [0, 160, 60];
const BLUE = [20, 40, 200];

function deps(extra: Partial<ScreenshotDeps> = {}): ScreenshotDeps {
  return { browsers, storage, allowPrivateNetwork: true, ...extra };
}

/** The stored file behind a public URL of the local storage. */
function fileOf(url: string) {
  expect(url.startsWith(`${LOCAL_UPLOAD_PREFIX}funnels/`)).toBe(true);
  return path.join(root, url.slice(LOCAL_UPLOAD_PREFIX.length));
}

/** The colour of one pixel of a stored picture. */
async function pixel(file: string, x: number, y: number) {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at], data[at + 1], data[at + 2]];
}

function expectColour(actual: (number | undefined)[], expected: number[]) {
  for (const [i, value] of expected.entries()) expect(Math.abs((actual[i] ?? -999) - value)).toBeLessThan(12);
}

describe('captureScreenshots', () => {
  it('stores a phone-width picture of each page with its copies and leaves out a page that never answers', async () => {
    const arrived = new Map<string, number>();
    const s = await site((_req, res, p) => {
      if (!arrived.has(p)) arrived.set(p, Date.now());
      if (p.startsWith('/hang')) return; // accepts, never answers
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      if (p === '/vendas') return res.end(html(`background:rgb(${GREEN})`, '<h1>Oferta</h1>'));
      if (p === '/checkout')
        return res.end(html(`background:rgb(${BLUE})`, '<div style="height:3000px">Pagar</div>'));
      res.end(html('background:#fff'));
    });
    const urls = [s.url('/hang'), s.url('/hang-2'), s.url('/vendas'), s.url('/checkout')];
    const capMs = 4_000;
    const started = Date.now();
    const shots = await captureScreenshots(deps(), urls, { timeoutMs: capMs });
    const elapsed = Date.now() - started;

    expect([...shots.keys()].sort()).toEqual([s.url('/checkout'), s.url('/vendas')]);
    // The pages run at once: the second hanging page was asked for long before the first one's cap (one after the
    // other it would come a whole cap later), and both end at their cap instead of hanging the capture.
    const hangs = [arrived.get('/hang'), arrived.get('/hang-2')] as number[];
    expect(hangs.every((t) => t !== undefined)).toBe(true);
    expect(Math.abs((hangs[0] ?? 0) - (hangs[1] ?? 0))).toBeLessThan(capMs / 2);
    expect(elapsed).toBeLessThan(3 * capMs);

    const green = fileOf(shots.get(s.url('/vendas')) ?? '');
    const blue = fileOf(shots.get(s.url('/checkout')) ?? '');
    for (const file of [green, blue]) {
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(390);
    }
    // A short page is its first screen; a long one is cut at 1,200 CSS pixels.
    expect((await sharp(green).metadata()).height).toBe(844);
    expect((await sharp(blue).metadata()).height).toBe(1_200);
    expectColour(await pixel(green, 200, 600), GREEN);
    expectColour(await pixel(blue, 200, 1_100), BLUE);

    // The resized copies for the cards, beside each original (never enlarged past its 390 px).
    for (const file of [green, blue]) {
      const key = path.relative(root, file);
      const copies = variantKeys(key);
      expect(copies.map((c) => c.width)).toEqual([...IMAGE_VARIANT_WIDTHS]);
      for (const copy of copies) {
        const copyFile = path.join(root, copy.key);
        expect(existsSync(copyFile)).toBe(true);
        expect((await sharp(copyFile).metadata()).width).toBe(Math.min(copy.width, 390));
      }
    }
    expectColour(
      await pixel(path.join(root, variantKeys(path.relative(root, blue))[0]?.key ?? ''), 100, 100),
      BLUE,
    );
  }, 60_000);

  it('lets nothing of a page reach a refused address, and leaves out refused and 4xx pages', async () => {
    const secret = await site((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' });
      res.end('segredo');
    });
    // `interno.test` resolves to the secret's loopback address and a private one: the guard refuses the host
    // (any refused address refuses it); without it the first address, the secret, would be reached.
    const lookup = (
      hostname: string,
      _options: unknown,
      callback: (err: null, addresses: LookupAddress[]) => void,
    ) => {
      const addresses =
        hostname === 'interno.test'
          ? [
              { address: '127.0.0.1', family: 4 },
              { address: '10.0.0.8', family: 4 },
            ]
          : [{ address: '127.0.0.1', family: 4 }];
      callback(null, addresses);
    };
    const inside = `http://interno.test:${secret.port}`;
    const evil = await site((_req, res, p) => {
      if (p === '/ausente') {
        res.writeHead(404, { 'content-type': 'text/html' });
        return res.end(html(`background:rgb(${GREEN})`, 'não existe'));
      }
      if (p !== '/') {
        res.writeHead(404);
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        html(
          `background:rgb(${GREEN})`,
          `<img src="${inside}/a.png" alt=""><img src="http://169.254.169.254/latest/meta-data/" alt="">
<iframe src="${inside}/frame"></iframe>
<script>
const hit = () => { document.body.style.background = 'rgb(255,0,0)'; };
fetch('${inside}/x').then(hit, () => {});
fetch('http://127.0.0.1:${secret.port}/post', { method: 'POST', body: 'x' }).then(hit, () => {});
try { const ws = new WebSocket('ws://127.0.0.1:${secret.port}/'); ws.onopen = hit; } catch (e) {}
window.open('${inside}/popup');
alert('olá');
</script>`,
        ),
      );
    });
    const urls = [
      evil.url('/'),
      evil.url('/ausente'),
      `${inside}/`,
      'http://169.254.169.254/latest/meta-data/',
      'file:///etc/passwd',
      'javascript:alert(1)',
    ];
    const shots = await captureScreenshots(deps({ lookup: lookup as unknown as typeof dnsLookup }), urls, {
      timeoutMs: 8_000,
    });
    expect([...shots.keys()]).toEqual([evil.url('/')]);
    expect(secret.connections()).toBe(0);
    expect(secret.paths).toEqual([]);
    // Nothing the page tried turned it red.
    expectColour(await pixel(fileOf(shots.get(evil.url('/')) ?? ''), 380, 800), GREEN);
    expect(evil.paths).toContain('/');
  }, 60_000);

  it('takes nothing once the caller has gone, and nothing of an empty list', async () => {
    const s = await site((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(html('background:#fff'));
    });
    const gone = new AbortController();
    gone.abort();
    expect((await captureScreenshots(deps(), [s.url('/')], { signal: gone.signal })).size).toBe(0);
    expect((await captureScreenshots(deps(), [])).size).toBe(0);
    expect(s.paths).toEqual([]);
  });
});
