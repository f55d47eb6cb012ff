import type { Browser, BrowserContextOptions, Page, Route } from 'playwright-core';
import type { CloneLimits } from './cloner.limits';
import { isFailure, type ResourceCollector, withoutHash } from './resource-collector';

/** A phone as the pages see it (an iPhone's width, touch, user agent and viewport meta honoured). */
export const PHONE_VIEW: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
};

/** The two sizes the page is rendered at: what each loads (other images, other styles) is recorded. */
export const VIEWS: { name: string; options: BrowserContextOptions }[] = [
  { name: 'desktop', options: { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 } },
  { name: 'phone', options: PHONE_VIEW },
];

/** Response headers the browser gets back (the body is always whole and unencoded). */
const PASSED_HEADERS = [
  'content-type',
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-expose-headers',
  'timing-allow-origin',
  'x-content-type-options',
];

/**
 * Pass 1: the page runs in a fresh context per size (`openInterceptedPage`: no profile, no downloads, no
 * permissions, service workers blocked, popups closed, dialogs dismissed, WebSockets closed) and every request it
 * makes (documents, frames, scripts and their imports, fetch/XHR, images built in code, fonts) is answered from the
 * collector, that is through the guarded client, or refused. It scrolls to the bottom (lazy loaders) and waits until
 * the network is quiet. What it loaded stays in the collector for the archive.
 */
export async function renderPass(
  browser: Browser,
  pageUrl: string,
  collector: ResourceCollector,
  limits: CloneLimits,
  signal: AbortSignal,
): Promise<void> {
  await Promise.all(
    VIEWS.map((view) => renderView(browser, pageUrl, collector, limits, view.options, signal)),
  );
}

async function renderView(
  browser: Browser,
  pageUrl: string,
  collector: ResourceCollector,
  limits: CloneLimits,
  options: BrowserContextOptions,
  signal: AbortSignal,
) {
  const view = await openInterceptedPage(browser, collector, options, signal);
  try {
    await view.page.goto(pageUrl, { waitUntil: 'load', timeout: limits.navigationTimeoutMs });
    await scrollThrough(view.page);
    await view.settle(limits.settleMs, limits.quietMs);
  } finally {
    await view.close();
  }
}

/** A page opened by `openInterceptedPage`: its network is the collector's, `close` ends the whole context. */
export interface InterceptedPage {
  page: Page;
  /** Waits until no request has been in flight for `quietMs`, for at most `settleMs` (or until the signal aborts). */
  settle(settleMs: number, quietMs: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A fresh context for one untrusted page (no profile, no downloads, no permissions, service workers blocked, popups
 * closed, dialogs dismissed, WebSockets closed) whose every request is answered from the collector, that is through
 * the guarded client, or refused. The signal closes the context (anything waiting on the page then fails).
 */
export async function openInterceptedPage(
  browser: Browser,
  collector: ResourceCollector,
  options: BrowserContextOptions,
  signal: AbortSignal,
): Promise<InterceptedPage> {
  const context = await browser.newContext({
    ...options,
    acceptDownloads: false,
    serviceWorkers: 'block',
    permissions: [],
    locale: 'pt-BR',
  });
  const stop = () => void context.close().catch(() => {});
  signal.addEventListener('abort', stop, { once: true });
  const close = async () => {
    signal.removeEventListener('abort', stop);
    await context.close().catch(() => {});
  };
  let inFlight = 0;
  let lastActivity = Date.now();
  try {
    if (signal.aborted) throw signal.reason;
    await context.routeWebSocket(/.*/, (ws) => ws.close({ code: 1008, reason: 'bloqueado' }));
    await context.route('**/*', async (route) => {
      inFlight++;
      lastActivity = Date.now();
      try {
        await answer(route, collector);
      } finally {
        inFlight--;
        lastActivity = Date.now();
      }
    });
    let page: Page | undefined;
    // Popups and new windows: closed at once (their requests were intercepted like any other).
    context.on('page', (other) => {
      if (page && other !== page) void other.close().catch(() => {});
    });
    page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.dismiss().catch(() => {}));
    const settle = async (settleMs: number, quietMs: number) => {
      const until = Date.now() + settleMs;
      while (!signal.aborted && Date.now() < until) {
        if (inFlight === 0 && Date.now() - lastActivity >= quietMs) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    return { page, settle, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Answers one request of the page from the collector (GET and HEAD only; anything else is refused). */
async function answer(route: Route, collector: ResourceCollector) {
  const request = route.request();
  const method = request.method();
  const url = request.url();
  if ((method !== 'GET' && method !== 'HEAD') || !/^https?:/i.test(url)) {
    await route.abort('blockedbyclient').catch(() => {});
    return;
  }
  if (request.resourceType() === 'script') collector.scripts.add(withoutHash(url));
  const result = await collector.fetchHop(url);
  if (isFailure(result)) {
    await route
      .abort(
        result.failure === 'blocked-address' || result.failure === 'invalid-url'
          ? 'blockedbyclient'
          : 'failed',
      )
      .catch(() => {});
    return;
  }
  const headers: Record<string, string> = {};
  for (const name of PASSED_HEADERS) {
    const value = result.headers[name];
    if (value) headers[name] = value;
  }
  if (result.location) headers.location = result.location;
  const fulfill = () => route.fulfill({ status: result.status, headers, body: result.body }).catch(() => {});
  if (result.body.length < LARGE_ANSWER_BYTES) await fulfill();
  else await oneLargeAnswerPerTurn(fulfill);
}

/**
 * Playwright base64-encodes and writes every answer on this thread (~15 ms per MB here). A page asks for its files
 * all at once, and on the second render they are all at hand: fulfilled together, 40 MB of them held the event loop
 * for over a second. Large answers therefore go one at a time (every clone of the instance), each after a turn of
 * the event loop, so members' requests are served between them.
 */
const LARGE_ANSWER_BYTES = 256 * 1024;
let largeAnswers: Promise<unknown> = Promise.resolve();
function oneLargeAnswerPerTurn(fulfill: () => Promise<unknown>): Promise<unknown> {
  const turn = largeAnswers.then(() => new Promise((resolve) => setImmediate(resolve))).then(fulfill);
  largeAnswers = turn;
  return turn;
}

/** Scrolls down a screen at a time (lazy images and scripts that wait for the scroll), then back to the top. */
async function scrollThrough(page: Page) {
  await page
    .evaluate(async () => {
      const step = Math.max(200, Math.floor(window.innerHeight * 0.9));
      const end = Math.min(document.documentElement.scrollHeight, 30_000);
      for (let y = 0; y < end; y += step) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      window.scrollTo(0, document.documentElement.scrollHeight);
      await new Promise((resolve) => setTimeout(resolve, 50));
      window.scrollTo(0, 0);
    })
    .catch(() => {});
}
