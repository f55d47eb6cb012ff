import { describe, expect, it } from 'vitest';
import { accessibilitySweep } from './accessibility-sweep';
import { baseUrl, createMember, loginThroughForm, newPage } from './helpers';

const browser = accessibilitySweep({ width: 1440, height: 900 });

describe('the first load', () => {
  it('asks for the session once: the HTML preloads it and the app reuses that response', async () => {
    const { context, page } = await newPage(browser());
    const sessionChecks: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/user') sessionChecks.push(request.url());
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(sessionChecks).toHaveLength(1);
    const preload = await page.locator('link[rel="preload"][href="/api/auth/user"]').count();
    expect(preload).toBe(1);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/Clube Escala/);
    await context.close();
  });

  it("a signed-in member's dashboard: the first cards' data starts with the HTML and the app reuses it", async () => {
    const { context, page } = await newPage(browser());
    const email = await createMember(page, 'Paula Pré-carga');
    await loginThroughForm(page, email, 'segredo123');
    await page.locator('article').first().waitFor();
    const requests: string[] = [];
    const warnings: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/offers' || pathname === '/api/banners/active') requests.push(pathname);
    });
    page.on('console', (message) => {
      if (message.type() === 'warning' && /preload/i.test(message.text())) warnings.push(message.text());
    });
    await page.goto('/dashboard');
    await page.locator('article img').first().waitFor();
    await page.waitForLoadState('networkidle');
    const preloaded = await page
      .locator('link[rel="preload"][as="fetch"]')
      .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    expect(preloaded).toEqual([
      '/api/auth/user',
      '/api/offers?sort=recent&page=1&pageSize=24',
      '/api/banners/active',
    ]);
    // One request each: the preload's. A second one would mean the app's fetch did not match it.
    expect(requests.sort()).toEqual(['/api/banners/active', '/api/offers']);
    expect(warnings).toEqual([]);
    await context.close();
  });

  it("a member's dashboard on a phone: the first card's image loads alone; the banner's and the other cards' after it", async () => {
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    const email = await createMember(page, 'Fernanda Primeira Fila');
    await loginThroughForm(page, email, 'segredo123');
    await page.locator('article').first().waitFor();
    const images: Array<{ event: 'start' | 'end'; path: string }> = [];
    /** What happened, in order: the page's load event and the bell's count request. */
    const timeline: string[] = [];
    const upload = (url: string) => {
      const { pathname } = new URL(url);
      return pathname.startsWith('/uploads/') ? pathname : null;
    };
    page.on('request', (request) => {
      // Only what the visit below asks for: the dashboard the login opened may still be fetching its lazy images.
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
        images.length = 0;
        timeline.length = 0;
      }
      const path = upload(request.url());
      if (path) images.push({ event: 'start', path });
      if (new URL(request.url()).pathname === '/api/notifications/unread-count') timeline.push('count');
    });
    page.on('load', () => timeline.push('load'));
    // The first creative requested (the HTML's preload of the first card's image) answers after 1 s, as on a slow
    // phone: without the wait, the banner's and the next cards' images would start meanwhile. (Routing also turns
    // the HTTP cache off: nothing comes from the visit after the login.)
    let slowed = false;
    await page.route('**/uploads/creatives/**', async (route) => {
      if (!slowed) {
        slowed = true;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      await route.continue();
    });
    page.on('requestfinished', (request) => {
      const path = upload(request.url());
      if (path) images.push({ event: 'end', path });
    });
    // Other test files add offers while this one runs: an offer added between the HTML (which preloads the first
    // card's image) and the catalogue's answer moves another card to the first place. Such a visit says nothing about
    // the order of the images; it is made again (three visits at most, then the checks below judge the last one).
    const first = page.locator('article').first().locator('img');
    let firstPath = '';
    for (let visit = 1; ; visit++) {
      slowed = false;
      await page.goto('/dashboard');
      await first.waitFor();
      await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.currentSrc)).not.toBe('');
      firstPath = await first.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
      // The first image asked for (the HTML's preload) must be the first card's, else the first card moved.
      const firstCardMoved = images[0]?.path !== firstPath;
      if (!firstCardMoved || visit === 3) break;
    }
    expect(await first.getAttribute('fetchpriority')).toBe('high');
    await page.getByTestId('active-banner').locator('img').waitFor();
    await page.locator('article').nth(1).locator('img').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');

    const firstDone = images.findIndex((e) => e.event === 'end' && e.path === firstPath);
    expect(firstDone).toBeGreaterThan(-1);
    const others = images.flatMap((e, i) => (e.event === 'start' && e.path !== firstPath ? [i] : []));
    // The banner's image and the second card's, at least.
    expect(others.length).toBeGreaterThanOrEqual(2);
    for (const index of others) expect(index).toBeGreaterThan(firstDone);
    // The bell's count waits for the page's load event.
    expect(timeline[0]).toBe('load');
    expect(timeline).toContain('count');
    await context.close();
  });

  it('serves a robots.txt that keeps crawlers out of the API and the signed-in screens', async () => {
    const res = await fetch(`${baseUrl()}/robots.txt`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toMatch(/^Disallow: \/dashboard$/m);
    expect(text).not.toMatch(/<html/i);
  });
});
