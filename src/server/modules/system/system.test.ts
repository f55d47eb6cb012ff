import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { CHANGE_FEED_READY_GRACE_MS } from './system.routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('system', () => {
  it('answers readiness with the database up, reporting the change feed and Redis', async () => {
    await t.app.changeFeed.whenLive();
    for (const url of ['/api/health', '/api/health/ready']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({
        ok: true,
        changeFeed: { live: true, lastHeardAt: expect.any(String) },
        redis: 'off',
      });
    }
    const live = await t.request({ method: 'GET', url: '/api/health/live' });
    expect(live.json()).toEqual({ ok: true });
  });

  it('while draining: readiness 503 (liveness still 200), requests still served, each asking to close', async () => {
    t.app.lifecycle.stage = 'draining';
    try {
      const ready = await t.request({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().message).toBe(
        'Esta instância está sendo encerrada; o balanceador deve usar outra.',
      );
      expect((await t.request({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      const served = await t.request({ method: 'GET', url: '/api/nao-existe' });
      expect(served.statusCode).toBe(404);
      expect(served.headers.connection).toBe('close');
    } finally {
      t.app.lifecycle.stage = 'serving';
    }
  });

  it("readiness 503 once this instance's change feed has been down longer than the grace (Redis only reported)", async () => {
    await t.app.changeFeed.whenLive();
    const feed = t.app.changeFeed;
    // Terminated by the server: the feed reconnects by itself; while it is down within the grace, still ready.
    await t.db.execute(sql`select pg_terminate_backend(${feed.backendPid})`);
    const backSoon = await t.request({ method: 'GET', url: '/api/health/ready' });
    expect(backSoon.statusCode).toBe(200);
    await feed.close(); // down for good from here (the app is closed after this file)
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + CHANGE_FEED_READY_GRACE_MS - 1_000);
      const within = await t.request({ method: 'GET', url: '/api/health/ready' });
      expect(within.statusCode).toBe(200);
      expect(within.json().changeFeed.live).toBe(false);
      vi.setSystemTime(Date.now() + 2_000);
      for (const url of ['/api/health', '/api/health/ready']) {
        const res = await t.request({ method: 'GET', url });
        expect(res.statusCode, url).toBe(503);
        expect(res.json().message).toBe(
          'As notificações de mudanças do banco (change feed) desta instância estão fora há mais de 15 s; o balanceador deve usar outra.',
        );
      }
      expect((await t.request({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      // A database outage seen by readiness starts the grace again: once the database is back, the feed has its
      // reconnection backoff's time before the instance is held out.
      const execute = t.app.db.execute;
      t.app.db.execute = (() => Promise.reject(new Error('banco fora'))) as unknown as typeof execute;
      try {
        const down = await t.request({ method: 'GET', url: '/api/health/ready' });
        expect(down.statusCode).toBe(503);
        expect(down.json().message).not.toContain('change feed');
      } finally {
        t.app.db.execute = execute;
      }
      expect((await t.request({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + CHANGE_FEED_READY_GRACE_MS + 1_000);
      expect((await t.request({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503);
    } finally {
      vi.useRealTimers();
    }
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
