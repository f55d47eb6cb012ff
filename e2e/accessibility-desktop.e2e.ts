import { describe, expect, it } from 'vitest';
import { accessibilitySweep } from './accessibility-sweep';
import { baseUrl, newPage } from './helpers';

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

  it('serves a robots.txt that keeps crawlers out of the API and the signed-in screens', async () => {
    const res = await fetch(`${baseUrl()}/robots.txt`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toMatch(/^Disallow: \/dashboard$/m);
    expect(text).not.toMatch(/<html/i);
  });
});
