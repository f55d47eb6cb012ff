import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('system', () => {
  it('answers health with the database up', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('answers JSON 404 for unknown API paths', async () => {
    const res = await t.request({ method: 'GET', url: '/api/nao-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Recurso não encontrado.');
  });

  it('refuses a cross-site unsafe request (CSRF) before anything else', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    const siteHeader = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(siteHeader.statusCode).toBe(403);
  });
});
