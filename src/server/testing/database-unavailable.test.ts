import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  databaseUnavailableReason,
  INTERNAL_ERROR_MESSAGE,
} from '../plugins/error-handler';
import { createHardenedApp, type HardenedApp } from './hardened-app';
import { TEST_ORIGIN } from './test-app';

/** A loopback port where nothing listens. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A "database" that accepts connections and drops them at once (a server going down). */
async function droppingServer() {
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as net.AddressInfo).port };
}

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('databaseUnavailableReason', () => {
  it('recognises connection-level failures, also wrapped as a Drizzle query error cause', () => {
    for (const code of ['57P01', '57P02', '57P03', '53300', '08006', '08001', '08P01']) {
      expect(databaseUnavailableReason(pgError(code)), code).toBe(code);
    }
    const refused = Object.assign(new Error('connect ECONNREFUSED'), {
      code: 'ECONNREFUSED',
      syscall: 'connect',
    });
    expect(databaseUnavailableReason(new Error('Failed query: select 1', { cause: refused }))).toBe(
      'ECONNREFUSED',
    );
    expect(databaseUnavailableReason(new AggregateError([refused]))).toBe('ECONNREFUSED');
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' });
    expect(databaseUnavailableReason(reset)).toBe('ECONNRESET');
    expect(databaseUnavailableReason(new Error('Connection terminated unexpectedly'))).toMatch(/terminated/);
    expect(databaseUnavailableReason(new Error('timeout exceeded when trying to connect'))).toMatch(
      /timeout/,
    );
  });

  it('leaves other errors alone', () => {
    expect(databaseUnavailableReason(pgError('23505'))).toBeNull();
    expect(databaseUnavailableReason(pgError('42P01'))).toBeNull();
    expect(databaseUnavailableReason(new Error('boom'))).toBeNull();
    // An outside HTTP service that is down is not the database.
    const refused = Object.assign(new Error('connect ECONNREFUSED'), {
      code: 'ECONNREFUSED',
      syscall: 'connect',
    });
    expect(databaseUnavailableReason(new TypeError('fetch failed', { cause: refused }))).toBeNull();
    // The incoming request's own socket (a client that went away) names no system call.
    expect(databaseUnavailableReason(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))).toBeNull();
  });
});

describe.each([
  ['nothing listens on the port', async () => ({ port: await closedPort(), stop: async () => {} })],
  [
    'the server drops every connection',
    async () => {
      const { server, port } = await droppingServer();
      return { port, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
    },
  ],
])('database routes while %s', (_label, startDatabase) => {
  let h: HardenedApp;
  let stopDatabase: () => Promise<void>;
  const lines: string[] = [];

  beforeAll(async () => {
    const db = await startDatabase();
    stopDatabase = db.stop;
    h = await createHardenedApp({
      databaseUrl: `postgres://clube:senha-do-banco@127.0.0.1:${db.port}/clube`,
      logLevel: 'info',
      logStream: new Writable({
        write(chunk, _encoding, done) {
          lines.push(...String(chunk).split('\n').filter(Boolean));
          done();
        },
      }),
    });
    const fail = async () => {
      throw new Error('falha qualquer');
    };
    h.app.get('/api/test/erro-desconhecido', { config: { access: 'public' } }, fail);
    h.app.post('/api/test/erro-desconhecido', { config: { access: 'public' } }, fail);
    await h.app.ready();
  });
  let port: number | undefined;
  const listenOnce = async () => {
    port ??= await h.listen();
    return port;
  };
  afterAll(async () => {
    await h.close();
    await stopDatabase();
  });

  it('answer 503 with Retry-After and the Portuguese message, logged once at warn without SQL', async () => {
    const requests = [
      { method: 'GET', url: '/api/auth/user', headers: { cookie: 'ce_sid=qualquer-token' } },
      { method: 'GET', url: '/api/offers?search=abc', headers: { cookie: 'ce_sid=outro-token' } },
      {
        method: 'POST',
        url: '/api/auth/forgot-password',
        headers: { origin: TEST_ORIGIN },
        payload: { email: 'alguem@example.com' },
      },
      {
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin: TEST_ORIGIN },
        payload: { email: 'alguem@example.com', password: 'uma-senha-qualquer' },
      },
    ] as const;
    for (const r of requests) {
      const before = lines.length;
      const res = await h.app.inject(r);
      expect(res.statusCode, r.url).toBe(503);
      expect(res.headers['retry-after'], r.url).toBe('5');
      // Every 5xx body carries the request's id as its code (X-Request-Id).
      expect(res.json(), r.url).toEqual({
        message: DATABASE_UNAVAILABLE_MESSAGE,
        code: res.headers['x-request-id'],
      });
      // This request's lines (the app's background tasks log on their own, without a request id).
      const written = lines
        .slice(before)
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((e) => e.reqId !== undefined);
      const warnings = written.filter((e) => e.level === 40);
      expect(warnings, `${r.url} ${JSON.stringify(warnings)}`).toHaveLength(1);
      expect(warnings[0]!.msg).toBe('banco de dados indisponível');
      expect(
        written.filter((e) => (e.level as number) >= 50),
        r.url,
      ).toEqual([]);
    }
    const text = lines.join('\n');
    expect(text).not.toMatch(/select|insert|Failed query|senha-do-banco|uma-senha-qualquer/i);
  });

  it('answer 503 on a real socket too, after the body was read', async () => {
    const port = await listenOnce();
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'alguem@example.com', password: 'uma-senha-qualquer' }),
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({
      message: DATABASE_UNAVAILABLE_MESSAGE,
      code: res.headers.get('x-request-id'),
    });
  });

  it('keep unknown errors as 500 "Erro interno do servidor"', async () => {
    const res = await h.app.inject({ url: '/api/test/erro-desconhecido' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: INTERNAL_ERROR_MESSAGE, code: res.headers['x-request-id'] });
    expect(res.headers['retry-after']).toBeUndefined();
    // Also on a real socket after a body was read (the request stream has ended, it was not aborted).
    const port = await listenOnce();
    const posted = await fetch(`http://127.0.0.1:${port}/api/test/erro-desconhecido`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ a: 1 }),
    });
    expect(posted.status).toBe(500);
    expect(await posted.json()).toEqual({
      message: INTERNAL_ERROR_MESSAGE,
      code: posted.headers.get('x-request-id'),
    });
  });
});
