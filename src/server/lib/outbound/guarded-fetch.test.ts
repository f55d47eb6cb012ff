import type { lookup as dnsLookup } from 'node:dns';
import { getEventListeners } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../../testing/loopback-site';
import { createGuardedClient, type GuardedClient, guardedGet } from './guarded-fetch';
import { OutboundError } from './outbound-error';

const startServer = (handler: (req: IncomingMessage, res: ServerResponse) => void) => startSite(handler);
type TestServer = Awaited<ReturnType<typeof startServer>>;

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    if (err instanceof OutboundError) return err;
    throw err;
  }
  throw new Error('the request did not fail');
}

let server: TestServer;
let other: TestServer;
const seenHeaders: Record<string, IncomingMessage['headers']> = {};
let release: () => void = () => {};
/** Bytes /endless wrote, and whether its response was closed (the client stopped reading). */
const endless = { written: 0, closed: false };
const waiting: ServerResponse[] = [];

beforeAll(async () => {
  server = await startServer((req, res) => {
    const path = req.url ?? '/';
    seenHeaders[path] = req.headers;
    if (path === '/ok') return res.end('olá mundo');
    if (path.startsWith('/hop/')) {
      const n = Number(path.split('/')[2]);
      if (n === 0) return res.end('chegou');
      res.writeHead(302, { location: `/hop/${n - 1}` });
      return res.end();
    }
    if (path === '/loop') {
      res.writeHead(301, { location: '/loop' });
      return res.end();
    }
    const redirect = /^\/to\?(.*)$/.exec(path);
    if (redirect?.[1]) {
      res.writeHead(302, { location: decodeURIComponent(redirect[1]) });
      return res.end();
    }
    if (path === '/slow-headers') {
      setTimeout(() => res.end('tarde demais'), 2_000).unref();
      return;
    }
    if (path === '/slow-body') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('começo');
      return;
    }
    if (path === '/declared-huge') {
      res.writeHead(200, { 'content-length': String(50 * 1024 * 1024) });
      res.write(Buffer.alloc(1024));
      return;
    }
    if (path === '/chunked-huge') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(64 * 1024, 1);
      const timer = setInterval(() => {
        if (!res.write(chunk)) return;
      }, 1);
      res.on('close', () => clearInterval(timer));
      return;
    }
    if (path === '/endless') {
      endless.written = 0;
      endless.closed = false;
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(16 * 1024, 7);
      const timer = setInterval(() => {
        endless.written += chunk.length;
        res.write(chunk);
      }, 2);
      res.on('close', () => {
        clearInterval(timer);
        endless.closed = true;
      });
      return;
    }
    if (path === '/together') {
      // Answers only once 20 requests wait together.
      waiting.push(res);
      if (waiting.length === 20) for (const held of waiting.splice(0)) held.end('juntos');
      return;
    }
    if (path === '/drop-mid-body') {
      res.writeHead(200, { 'content-length': '100000' });
      res.write(Buffer.alloc(1000));
      setTimeout(() => req.socket.destroy(), 20);
      return;
    }
    if (path === '/drop-at-once') return req.socket.destroy();
    if (path === '/stream') {
      res.writeHead(200);
      res.write('parte 1;');
      release = () => res.end('parte 2');
      return;
    }
    res.writeHead(404);
    res.end('não');
  });
  other = await startServer((req, res) => {
    seenHeaders[`other${req.url}`] = req.headers;
    res.end('outro servidor');
  });
});
afterAll(async () => {
  await server.close();
  await other.close();
});

describe('without ALLOW_PRIVATE_NETWORK_TARGETS', () => {
  it('never connects to loopback, however it is spelled', async () => {
    const client = createGuardedClient();
    const before = server.connections();
    const spellings = [
      server.url('/ok'),
      `http://2130706433:${server.port}/ok`,
      `http://0177.0.0.1:${server.port}/ok`,
      `http://0x7f.1:${server.port}/ok`,
      `http://127.1:${server.port}/ok`,
      `http://[::ffff:127.0.0.1]:${server.port}/ok`,
      `http://[::1]:${server.port}/ok`,
      // A host name passes the URL check; its resolved address is refused when connecting.
      `http://localhost:${server.port}/ok`,
    ];
    for (const url of spellings) {
      const err = await failure(client.request(url));
      expect(err.reason, url).toBe('blocked-address');
      expect(err.statusCode).toBe(400);
      expect(err.message).toBe('Endereço não permitido: a URL aponta para uma rede interna.');
    }
    expect(server.connections()).toBe(before);
    await client.close();
  });
});

describe('with ALLOW_PRIVATE_NETWORK_TARGETS (loopback only)', () => {
  let client: GuardedClient;
  beforeAll(() => {
    client = createGuardedClient({ allowPrivateNetwork: true });
  });
  afterAll(() => client.close());
  afterEach(() => {
    release();
  });

  it('fetches from loopback and reuses one kept-alive connection for many requests', async () => {
    const single = createGuardedClient({ allowPrivateNetwork: true, connectionsPerOrigin: 1 });
    let before = server.connections();
    for (let i = 0; i < 5; i++) {
      const res = await single.request(server.url('/ok'));
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('olá mundo');
    }
    expect(server.connections() - before).toBe(1);
    await single.close();
    before = server.connections();
    for (let i = 0; i < 10; i++) await (await client.request(server.url('/ok'))).text();
    expect(server.connections() - before).toBeLessThanOrEqual(2);
    const viaName = await client.request(`http://localhost:${server.port}/ok`);
    expect(await viaName.text()).toBe('olá mundo');
  });

  it('checks the resolved addresses of every new connection (DNS rebinding)', async () => {
    /** A client whose resolver gives `rebind.test` these answers, one per lookup. */
    const resolving = (...answers: string[][]) =>
      createGuardedClient({
        allowPrivateNetwork: true,
        lookup: ((_host: string, _options: object, callback: (...args: unknown[]) => void) => {
          const next = answers.shift() ?? [];
          callback(
            null,
            next.map((address) => ({ address, family: 4 })),
          );
        }) as unknown as typeof dnsLookup,
      });
    const url = `http://rebind.test:${server.port}/ok`;
    // First lookup: the (allowed) test server; the next connection's lookup: the metadata address.
    const rebinding = resolving(['127.0.0.1'], ['169.254.169.254']);
    const held = await rebinding.request(`http://rebind.test:${server.port}/stream`);
    expect(held.status).toBe(200);
    // The first connection is busy, so this request needs a new one: resolved again, and refused.
    expect((await failure(rebinding.request(url))).reason).toBe('blocked-address');
    release();
    expect(await held.text()).toBe('parte 1;parte 2');
    await rebinding.close();
    // One refused address among the answers refuses the host, before any connection.
    const mixed = resolving(['127.0.0.1', '10.0.0.7']);
    const before = server.connections();
    expect((await failure(mixed.request(url))).reason).toBe('blocked-address');
    expect(server.connections()).toBe(before);
    await mixed.close();
  });

  it('still refuses every other internal address', async () => {
    for (const url of ['http://10.0.0.1/', 'http://169.254.169.254/latest/', 'http://[fd00:ec2::254]/']) {
      expect((await failure(client.request(url))).reason, url).toBe('blocked-address');
    }
  });

  it('follows redirects by hand and re-checks every hop', async () => {
    const res = await client.request(server.url('/hop/3'));
    expect(await res.text()).toBe('chegou');
    expect(res.url).toBe(server.url('/hop/0'));
    expect(res.redirects).toEqual([server.url('/hop/3'), server.url('/hop/2'), server.url('/hop/1')]);

    for (const target of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/admin',
      'http://[::ffff:192.168.0.1]/',
      'http://0xa9fea9fe/',
    ]) {
      const err = await failure(client.request(server.url(`/to?${encodeURIComponent(target)}`)));
      expect(err.reason, target).toBe('blocked-address');
    }
    const ftp = await failure(client.request(server.url(`/to?${encodeURIComponent('file:///etc/passwd')}`)));
    expect(ftp.reason).toBe('invalid-url');
  });

  it('stops after the redirect limit', async () => {
    expect((await failure(client.request(server.url('/loop'), { maxRedirects: 3 }))).reason).toBe(
      'too-many-redirects',
    );
    expect((await failure(client.request(server.url('/hop/3'), { maxRedirects: 2 }))).reason).toBe(
      'too-many-redirects',
    );
    expect(await (await client.request(server.url('/hop/2'), { maxRedirects: 2 })).text()).toBe('chegou');
  });

  it('drops credentials on a redirect to another origin', async () => {
    const target = `http://127.0.0.1:${other.port}/destino`;
    const res = await client.request(server.url(`/to?${encodeURIComponent(target)}`), {
      headers: { Authorization: 'Bearer segredo', 'X-Trace': 'sim' },
    });
    expect(await res.text()).toBe('outro servidor');
    expect(seenHeaders[`/to?${encodeURIComponent(target)}`]?.authorization).toBe('Bearer segredo');
    expect(seenHeaders['other/destino']?.authorization).toBeUndefined();
    expect(seenHeaders['other/destino']?.['x-trace']).toBe('sim');
  });

  it('times out a server that is slow to answer or to send its body', async () => {
    const slow = await failure(client.request(server.url('/slow-headers'), { timeoutMs: 200 }));
    expect(slow.reason).toBe('timeout');
    expect(slow.statusCode).toBe(504);
    const res = await client.request(server.url('/slow-body'), { timeoutMs: 300 });
    expect(res.status).toBe(200);
    expect((await failure(res.text())).reason).toBe('timeout');
  });

  it('caps the body: a declared huge length at once, an endless stream while reading', async () => {
    const declared = await failure(client.request(server.url('/declared-huge'), { maxBytes: 1024 * 1024 }));
    expect(declared.reason).toBe('too-large');
    const res = await client.request(server.url('/chunked-huge'), { maxBytes: 1024 * 1024 });
    expect((await failure(res.buffer())).reason).toBe('too-large');
    const small = await guardedGet(server.url('/ok'), { allowPrivateNetwork: true, maxBytes: 11 });
    expect(small.body.toString()).toBe('olá mundo');
    const over = await failure(guardedGet(server.url('/ok'), { allowPrivateNetwork: true, maxBytes: 5 }));
    expect(over.reason).toBe('too-large');
  });

  it('reports a dropped connection as a network failure', async () => {
    expect((await failure(client.request(server.url('/drop-at-once')))).reason).toBe('network');
    const res = await client.request(server.url('/drop-mid-body'));
    expect((await failure(res.buffer())).reason).toBe('network');
    const closed = await startServer(() => {});
    const port = closed.port;
    await closed.close();
    const refused = await failure(client.request(`http://127.0.0.1:${port}/`));
    expect(refused.reason).toBe('network');
    expect(refused.message).toBe('Não foi possível conectar ao servidor remoto.');
  });

  it('reads a body that arrives in parts, and stops when the caller aborts', async () => {
    const res = await client.request(server.url('/stream'));
    const whole = res.text();
    release();
    expect(await whole).toBe('parte 1;parte 2');

    const controller = new AbortController();
    const pending = client.request(server.url('/slow-headers'), { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await failure(pending)).reason).toBe('aborted');
  });

  it("with redirect: 'manual' answers the redirect as it is, its Location resolved, and follows nothing", async () => {
    const before = { ...seenHeaders };
    const relative = await client.request(server.url('/hop/2'), { redirect: 'manual' });
    expect(relative.status).toBe(302);
    expect(relative.url).toBe(server.url('/hop/2'));
    expect(relative.redirects).toEqual([]);
    expect(relative.header('location')).toBe('/hop/1');
    expect(relative.location).toBe(server.url('/hop/1'));
    expect(await relative.text()).toBe('');
    expect(seenHeaders['/hop/1']).toBe(before['/hop/1']);

    // Another origin, even a refused address: reported, never contacted (so no error either).
    const target = `http://127.0.0.1:${other.port}/nunca`;
    const away = await client.request(server.url(`/to?${encodeURIComponent(target)}`), {
      redirect: 'manual',
    });
    expect(away.status).toBe(302);
    expect(away.location).toBe(target);
    expect(seenHeaders['other/nunca']).toBeUndefined();
    const metadata = 'http://169.254.169.254/latest/meta-data/';
    const refused = await client.request(server.url(`/to?${encodeURIComponent(metadata)}`), {
      redirect: 'manual',
    });
    expect([refused.status, refused.location]).toEqual([302, metadata]);

    // No redirect limit applies: the loop is one answer.
    const loop = await client.request(server.url('/loop'), { redirect: 'manual', maxRedirects: 0 });
    expect([loop.status, loop.location]).toEqual([301, server.url('/loop')]);
    // A plain answer has no location; the default still follows.
    expect((await client.request(server.url('/ok'), { redirect: 'manual' })).location).toBeUndefined();
    expect(await (await client.request(server.url('/hop/1'))).text()).toBe('chegou');
  });

  it('with truncateAt reads that many bytes, stops reading the rest and says it was cut', async () => {
    const res = await client.request(server.url('/endless'), { truncateAt: 100_000, maxBytes: 1024 });
    const body = await res.buffer();
    expect(body.length).toBe(100_000);
    expect(body.every((b) => b === 7)).toBe(true);
    expect(res.truncated).toBe(true);
    // The connection was closed under the server: it stops writing.
    await expect.poll(() => endless.closed, { timeout: 2_000 }).toBe(true);
    const written = endless.written;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(endless.written).toBe(written);

    // A chunked body (no Content-Length) is cut at the same place.
    const chunked = await client.request(server.url('/chunked-huge'), { truncateAt: 70_000 });
    expect([(await chunked.buffer()).length, chunked.truncated]).toEqual([70_000, true]);
  });

  it('with truncateAt a declared length above it is no error, and a whole body is not truncated', async () => {
    const res = await client.request(server.url('/declared-huge'), { truncateAt: 1000 });
    expect(res.status).toBe(200);
    expect(res.header('content-length')).toBe(String(50 * 1024 * 1024));
    expect((await res.buffer()).length).toBe(1000);
    expect(res.truncated).toBe(true);
    // 'olá mundo' is 10 bytes, with its Content-Length.
    for (const [limit, text, truncated] of [
      [1000, 'olá mundo', false],
      [10, 'olá mundo', false],
      [9, 'olá mund', true],
      [0, '', true],
    ] as const) {
      const ok = await client.request(server.url('/ok'), { truncateAt: limit });
      expect(await ok.text(), String(limit)).toBe(text);
      expect(ok.truncated, String(limit)).toBe(truncated);
    }
    const whole = await guardedGet(server.url('/ok'), { allowPrivateNetwork: true, truncateAt: 4 });
    expect([whole.body.toString(), whole.truncated]).toEqual(['olá', true]);
    // Without truncateAt nothing is ever marked truncated.
    const plain = await client.request(server.url('/ok'));
    await plain.text();
    expect(plain.truncated).toBe(false);
  });

  it("leaves nothing listening on the caller's signal once each request is over, however it ended", async () => {
    const controller = new AbortController();
    const { signal } = controller;
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      // 25 at once on one signal (a scan's), read whole, dropped, failed, after redirects.
      const bodies = await Promise.all(
        Array.from({ length: 25 }, async () => (await client.request(server.url('/ok'), { signal })).text()),
      );
      expect(new Set(bodies)).toEqual(new Set(['olá mundo']));
      await (await client.request(server.url('/ok'), { signal })).discard();
      expect(await (await client.request(server.url('/hop/2'), { signal })).text()).toBe('chegou');
      const closed = await startServer(() => {});
      await closed.close();
      expect((await failure(client.request(`http://127.0.0.1:${closed.port}/`, { signal }))).reason).toBe(
        'network',
      );
      expect(getEventListeners(signal, 'abort')).toHaveLength(0);
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('keeps 20 requests in flight on at most 20 reused connections (connectionsPerOrigin)', async () => {
    const wide = createGuardedClient({ allowPrivateNetwork: true, connectionsPerOrigin: 20 });
    const before = server.connections();
    const round = () =>
      Promise.all(
        Array.from({ length: 20 }, async () => {
          const res = await wide.request(server.url('/together'), {
            redirect: 'manual',
            truncateAt: 64 * 1024,
            timeoutMs: 3_000,
          });
          return res.text();
        }),
      );
    expect(await round()).toEqual(new Array(20).fill('juntos'));
    expect(server.connections() - before).toBe(20);
    await round();
    await round();
    expect(server.connections() - before).toBe(20);
    await wide.close();
  });
});
