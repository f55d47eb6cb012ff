import type { lookup as dnsLookup } from 'node:dns';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { detectFileType } from '../../lib/file-type';
import { checkTargetUrl, createGuardedClient, type GuardedClient } from '../../lib/outbound/guarded-fetch';
import type { Storage } from '../../lib/storage/storage';
import type { BrowserHolder } from '../cloner/browser';
import { CLONE_LIMITS, type CloneLimits } from '../cloner/cloner.limits';
import { openInterceptedPage, PHONE_VIEW } from '../cloner/render-pass';
import { ResourceCollector } from '../cloner/resource-collector';

/**
 * A picture of each funnel step: the page at phone width in the instance's Chromium (the cloner's), in a fresh
 * context per page whose every request goes through the guarded client (render-pass.ts `openInterceptedPage`), the
 * first screen plus some of the page, stored as WebP in the storage's 'funnels' folder (resized copies made there).
 */

/** What one capture may take. */
export const SCREENSHOT_LIMITS = {
  /** One page, all of it: navigation, settle, screenshot. Past it the page is left out. */
  pageTimeoutMs: 15_000,
  /** Until the document's HTML is parsed (a page that never answers is left out here). */
  navigationTimeoutMs: 10_000,
  /** After the HTML: the load event and a quiet network, for at most this long. */
  settleMs: 2_000,
  quietMs: 300,
  /** Pages rendered at once (each is a renderer process). */
  concurrency: 3,
  /** The picture: the phone's width and at most this many CSS pixels of the page's top. */
  width: 390,
  maxHeight: 1_200,
  screenshotTimeoutMs: 5_000,
} as const;

/**
 * One CSS pixel per image pixel: the picture is 390 px wide, what a card shows (320 px copy, the original for
 * wider cards) at about a fifth of the bytes of a 2x picture.
 */
const SHOT_VIEW = { ...PHONE_VIEW, deviceScaleFactor: 1 };

/** The bytes one page may pull through the guarded client (a screenshot needs no more than a phone would load). */
const PAGE_FETCH_LIMITS: CloneLimits = {
  ...CLONE_LIMITS,
  maxTotalBytes: 25 * 1024 * 1024,
  maxFiles: 300,
  maxFileBytes: 10 * 1024 * 1024,
  requestTimeoutMs: SCREENSHOT_LIMITS.navigationTimeoutMs,
};

export interface ScreenshotDeps {
  browsers: BrowserHolder;
  storage: Storage;
  /** ALLOW_PRIVATE_NETWORK_TARGETS (tests on loopback). */
  allowPrivateNetwork: boolean;
  lookup?: typeof dnsLookup;
  log?: { warn(obj: object, msg: string): void };
}

export interface ScreenshotOptions {
  /** The caller's cancellation: pages not yet taken are skipped, pages being taken are stopped. */
  signal?: AbortSignal;
  /** One page's cap (default SCREENSHOT_LIMITS.pageTimeoutMs). */
  timeoutMs?: number;
}

/**
 * url → public URL of the stored picture of that page, for every page that could be taken. A page that fails (refused
 * address, no answer within its cap, a 4xx/5xx document, a download) is absent; nothing here throws, not even when
 * the browser cannot start (the map is then empty and the log says why). At most SCREENSHOT_LIMITS.concurrency pages
 * at once.
 */
export async function captureScreenshots(
  deps: ScreenshotDeps,
  urls: string[],
  options: ScreenshotOptions = {},
): Promise<Map<string, string>> {
  const shots = new Map<string, string>();
  const outer = options.signal ?? new AbortController().signal;
  const timeoutMs = options.timeoutMs ?? SCREENSHOT_LIMITS.pageTimeoutMs;
  // Refused literals, bad schemes and credentials are left out before anything starts.
  const queue = [...new Set(urls)].filter((url) => {
    try {
      checkTargetUrl(url, deps.allowPrivateNetwork);
      return true;
    } catch {
      return false;
    }
  });
  if (queue.length === 0 || outer.aborted) return shots;

  let browser: Browser;
  try {
    browser = await deps.browsers.acquire();
  } catch (err) {
    deps.log?.warn({ err }, 'funil: o navegador não iniciou; o mapa fica sem capturas');
    return shots;
  }
  const client = createGuardedClient({
    allowPrivateNetwork: deps.allowPrivateNetwork,
    lookup: deps.lookup,
    connectionsPerOrigin: 6,
  });
  try {
    await Promise.all(
      Array.from({ length: Math.min(SCREENSHOT_LIMITS.concurrency, queue.length) }, async () => {
        for (let url = queue.shift(); url && !outer.aborted; url = queue.shift()) {
          const signal = AbortSignal.any([outer, AbortSignal.timeout(timeoutMs)]);
          // A page that cannot be taken (no answer, refused, closed at its cap) is simply left out.
          const picture = await takeScreenshot(browser, client, url, signal, timeoutMs).catch(() => null);
          if (!picture || signal.aborted) continue;
          try {
            shots.set(url, await storePicture(deps.storage, picture));
          } catch (err) {
            deps.log?.warn({ err }, 'funil: não foi possível guardar a captura de uma página');
          }
        }
      }),
    );
  } finally {
    deps.browsers.release();
    await client.close().catch(() => {});
  }
  return shots;
}

/** The PNG of one page's top at phone width, or null when its document answered 4xx/5xx. */
async function takeScreenshot(
  browser: Browser,
  client: GuardedClient,
  url: string,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<Buffer | null> {
  const collector = new ResourceCollector(client, PAGE_FETCH_LIMITS, signal, () => {});
  const view = await openInterceptedPage(browser, collector, SHOT_VIEW, signal);
  try {
    const { navigationTimeoutMs, settleMs, quietMs, width, maxHeight, screenshotTimeoutMs } =
      SCREENSHOT_LIMITS;
    const response = await view.page.goto(url, {
      waitUntil: 'domcontentloaded',
      timeout: Math.min(navigationTimeoutMs, timeoutMs),
    });
    if (response && response.status() >= 400) return null;
    const started = Date.now();
    await view.page.waitForLoadState('load', { timeout: settleMs }).catch(() => {});
    await view.settle(Math.max(0, settleMs - (Date.now() - started)), quietMs);
    const pageHeight = await view.page.evaluate(() => document.documentElement.scrollHeight).catch(() => 0);
    const viewportHeight = SHOT_VIEW.viewport?.height ?? maxHeight;
    const height = Math.min(
      maxHeight,
      Math.max(viewportHeight, Number.isFinite(pageHeight) ? Math.floor(pageHeight) : 0),
    );
    return await view.page.screenshot({
      type: 'png',
      fullPage: true,
      clip: { x: 0, y: 0, width, height },
      animations: 'disabled',
      timeout: screenshotTimeoutMs,
    });
  } finally {
    await view.close();
  }
}

/** Re-encodes the PNG as WebP and stores it (the storage makes the resized copies): its public URL. */
async function storePicture(storage: Storage, png: Buffer): Promise<string> {
  const webp = await sharp(png).webp({ quality: 80, effort: 4 }).toBuffer();
  const type = detectFileType(webp);
  if (type?.mime !== 'image/webp') throw new Error('a captura não virou WebP');
  return (await storage.put(webp, type, 'funnels')).url;
}
