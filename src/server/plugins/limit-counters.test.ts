import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../db/embedded';
import { AUTH_RATE_LIMITS } from '../modules/auth/auth.limits';
import { createTestApp, type TestApp } from '../testing/test-app';

const redisUrl = process.env.TEST_REDIS_URL || undefined;
const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

const wrongLogin = (t: TestApp, ip: string, email = 'ninguem@example.com') =>
  t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'senha-errada-1' },
    remoteAddress: ip,
  });

async function until(check: () => boolean, ms = 15_000, what = '') {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`não aconteceu a tempo: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('request limits when Redis is away', () => {
  it('count in memory instead of failing: no 500, and the limits still hold', async () => {
    const port = await findFreePort(); // nothing listens there
    const t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` });
    apps.push(t);
    const ip = '10.40.0.1';
    for (let i = 0; i < AUTH_RATE_LIMITS.login.max; i++) {
      const res = await wrongLogin(t, ip);
      expect(res.statusCode, `tentativa ${i}`).toBe(401);
    }
    expect((await wrongLogin(t, ip)).statusCode).toBe(429);
    // A route limit of the library (forgot-password: 5 per address and e-mail) too.
    const statuses: number[] = [];
    for (let i = 0; i <= AUTH_RATE_LIMITS.mail.max; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'ninguem@example.com' },
        remoteAddress: ip,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(t.app.limitCounters.redisState).toBe('down');
  });

  it.skipIf(!redisUrl)(
    'share the counts through Redis, fall back while it is cut off, and go back by themselves',
    async () => {
      const target = new URL(redisUrl as string);
      const sockets = new Set<net.Socket>();
      const listen = (port: number) =>
        new Promise<net.Server>((resolve) => {
          const server = net.createServer((client) => {
            const upstream = net.connect(Number(target.port || 6379), target.hostname);
            sockets.add(client).add(upstream);
            client.pipe(upstream).pipe(client);
            for (const s of [client, upstream]) s.on('error', () => {}).on('close', () => sockets.delete(s));
          });
          server.listen(port, '127.0.0.1', () => resolve(server));
        });
      /** Stops the proxy: no new connection, and the open ones dropped (close waits for them to end). */
      const cut = (server: net.Server) => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const s of sockets) s.destroy();
        return closed;
      };
      const port = await findFreePort();
      let proxy = await listen(port);
      const a = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` });
      const b = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` });
      apps.push(a, b);
      const shared = () => a.app.limitCounters.redisState === 'ok' && b.app.limitCounters.redisState === 'ok';
      await until(shared, 15_000, 'Redis no início');
      const ip = `10.41.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
      const email = `compartilhado-${Date.now()}@example.com`;
      // Shared: failures on A and B add up.
      for (let i = 0; i < AUTH_RATE_LIMITS.login.max; i++) {
        expect((await wrongLogin(i % 2 ? a : b, ip, email)).statusCode).toBe(401);
      }
      expect((await wrongLogin(a, ip, email)).statusCode).toBe(429);

      // Cut off: answers go on (401, not 500), counted in each instance's memory.
      await cut(proxy);
      const other = `outro-${Date.now()}@example.com`;
      const during: number[] = [];
      for (let i = 0; i < 3; i++) during.push((await wrongLogin(a, ip, other)).statusCode);
      expect(during).toEqual([401, 401, 401]);
      await until(() => a.app.limitCounters.redisState === 'down', 15_000, 'Redis fora');

      // Back: both instances find Redis again by themselves, and the shared count is there.
      proxy = await listen(port);
      await until(shared, 20_000, 'Redis de volta');
      expect((await wrongLogin(b, ip, email)).statusCode).toBe(429);
      await cut(proxy);
    },
    60_000,
  );
});
