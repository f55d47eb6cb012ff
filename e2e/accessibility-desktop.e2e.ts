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

  it('serves a robots.txt that keeps crawlers out of the API and the signed-in screens', async () => {
    const res = await fetch(`${baseUrl()}/robots.txt`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toMatch(/^Disallow: \/dashboard$/m);
    expect(text).not.toMatch(/<html/i);
  });
});
