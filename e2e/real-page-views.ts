import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { identicalPageShare } from './pixel-diff';

/** The two sizes a clone is compared at (the issue's: a small desktop and a phone). */
export const COMPARED_VIEWS: [string, BrowserContextOptions][] = [
  ['800x600', { viewport: { width: 800, height: 600 }, deviceScaleFactor: 1 }],
  [
    '390x844@2x',
    { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  ],
];

/** One page seen at one size: the whole page's screenshot and what went wrong while loading it. */
export interface PageView {
  shot: Buffer;
  /** JavaScript errors (uncaught exceptions and console errors that are not a failed load). */
  errors: string[];
  /** Requests that failed or answered 400 or more (outside requests are refused, so they count too). */
  broken: string[];
  /** Requests to any origin not in `allowed`. */
  outside: string[];
}

/** Scrolls down a screen at a time (lazy images, scroll handlers), then back to the top. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((resolve) => setTimeout(resolve, 80));
    window.scrollTo(0, 0);
  });
}

/**
 * Opens `url` at one size with only `allowed` origins reachable, scrolls through it, waits until the network is
 * quiet, every image has arrived and the fonts are ready, and takes the whole page's screenshot.
 */
export async function viewPage(
  browser: Browser,
  url: string,
  options: BrowserContextOptions,
  allowed: string[],
): Promise<PageView> {
  const context = await browser.newContext({ ...options, locale: 'pt-BR' });
  const view: Omit<PageView, 'shot'> = { errors: [], broken: [], outside: [] };
  try {
    await context.route('**/*', (route) => {
      const target = route.request().url();
      if (/^(data|blob):/.test(target) || allowed.some((origin) => target.startsWith(`${origin}/`)))
        return route.continue();
      view.outside.push(target);
      return route.abort();
    });
    const page = await context.newPage();
    page.on('pageerror', (err) => view.errors.push(err.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !/Failed to load resource/.test(message.text()))
        view.errors.push(message.text());
    });
    page.on('requestfailed', (request) =>
      view.broken.push(`${request.url()} (${request.failure()?.errorText})`),
    );
    page.on('response', (response) => {
      if (response.status() >= 400) view.broken.push(`${response.url()} (${response.status()})`);
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 30_000 });
    await scrollThrough(page);
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => [...document.images].every((img) => img.complete), undefined, {
      timeout: 10_000,
    });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.waitForTimeout(200);
    const shot = await page.screenshot({ fullPage: true, timeout: 20_000 });
    return { ...view, shot };
  } finally {
    await context.close();
  }
}

/** Share of identical pixels of two views (an area only one page covers counts as different). */
export const viewShare = (a: PageView, b: PageView) => identicalPageShare(a.shot, b.shot);

export const percent = (share: number) => `${(share * 100).toFixed(2)}%`;
