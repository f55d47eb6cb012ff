import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TooManyRequestsError } from '../../lib/errors';
import { createMember, signIn } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type BrowserHolder, createBrowserHolder } from './browser';
import { CLONE_LIMITS, CLONE_RATE_LIMIT, type CloneLimits } from './cloner.limits';
import { CLONE_ERRORS, CLONE_IN_PROGRESS, type ClonerDeps, cloneWebsite } from './cloner.service';
import { send, startSite, type TestSite, unzip } from './cloner.test-support';

let t: TestApp;
let browsers: BrowserHolder;
const sites: TestSite[] = [];
beforeAll(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_NETWORK_TARGETS: '1' });
  browsers = createBrowserHolder();
}, 60_000);
afterAll(async () => {
  await browsers?.close();
  await Promise.all(sites.map((s) => s.close()));
  await t?.close();
});

async function site(handler: Parameters<typeof startSite>[0]) {
  const s = await startSite(handler);
  sites.push(s);
  return s;
}

/** A resolver for the tests: `intranet.test` is a private address; everything else is loopback. */
function lookup(
  hostname: string,
  _options: unknown,
  callback: (err: null, addresses: LookupAddress[]) => void,
) {
  const address = hostname === 'intranet.test' ? '10.0.0.8' : '127.0.0.1';
  callback(null, [{ address, family: 4 }]);
}

function deps(limits: Partial<CloneLimits> = {}, allowPrivateNetwork = true): ClonerDeps {
  return {
    db: t.db,
    config: { ALLOW_PRIVATE_NETWORK_TARGETS: allowPrivateNetwork, JOB_LEASE_SECONDS: 15 },
    storage: t.app.storage,
    browsers,
    workers: t.app.workers,
    jobs: t.app.jobs,
    limits: { ...CLONE_LIMITS, ...limits },
    lookup: lookup as unknown as ClonerDeps['lookup'],
  };
}

const page = (body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>t</title></head><body>${body}</body></html>`;

async function zipOf(downloadUrl: string) {
  const id = downloadUrl.split('/')[3];
  const data = await t.app.storage.readPrivate(`clones/${id}.zip`);
  if (!data) throw new Error('zip ausente');
  return unzip(data);
}

describe('clone limits and the guard', () => {
  it('stops a site that never answers at the time limit', async () => {
    const silent = await site(() => {}); // accepts, never answers
    const user = await createMember(t.db);
    const started = Date.now();
    const result = await cloneWebsite(deps({ timeoutMs: 2_000, requestTimeoutMs: 1_500 }), user.id, {
      url: silent.url('/'),
    });
    expect(result.success).toBe(false);
    expect([CLONE_ERRORS.connection, CLONE_ERRORS.timeout]).toContain(result.error);
    expect(Date.now() - started).toBeLessThan(8_000);
  }, 30_000);

  it('leaves a file over the per-file size out (reference kept) without downloading it whole', async () => {
    let sent = 0;
    const big = await site((_req, res, path) => {
      if (path === '/enorme.bin') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        const chunk = Buffer.alloc(64 * 1024, 1);
        const write = () => {
          while (sent < 64 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) return res.once('drain', write);
          }
          res.end();
        };
        res.on('error', () => {});
        write();
        return;
      }
      send(res, 200, page('<a download href="/enorme.bin">x</a><img src="/enorme.bin" alt="">'), 'text/html');
    });
    const user = await createMember(t.db);
    const result = await cloneWebsite(deps({ maxFileBytes: 256 * 1024 }), user.id, { url: big.url('/') });
    expect(result.success, result.error).toBe(true);
    const files = await zipOf(result.downloadUrl);
    expect(Object.keys(files)).not.toContain('enorme.bin');
    expect(files['index.html']).toContain('src="/enorme.bin"');
    expect(sent).toBeLessThan(32 * 1024 * 1024);
  }, 60_000);

  it('stops a page of thousands of links at the file-count limit', async () => {
    const bomb = await site((_req, res, path) => {
      if (path === '/') {
        const imgs = Array.from({ length: 2000 }, (_, i) => `<img src="/i/${i}.png" alt="">`).join('');
        return send(res, 200, page(imgs), 'text/html');
      }
      send(res, 200, Buffer.from('x'), 'image/png');
    });
    const user = await createMember(t.db);
    const result = await cloneWebsite(deps({ maxFiles: 50 }), user.id, { url: bomb.url('/') });
    expect(result).toEqual({
      success: false,
      downloadUrl: '',
      error: CLONE_ERRORS.limit('files', { ...CLONE_LIMITS, maxFiles: 50 }),
    });
    expect(bomb.paths.length).toBeLessThanOrEqual(52);
  }, 60_000);

  it('stops at the total size limit', async () => {
    const heavy = await site((_req, res, path) => {
      if (path === '/')
        return send(
          res,
          200,
          page(Array.from({ length: 8 }, (_, i) => `<img src="/p${i}.png" alt="">`).join('')),
          'text/html',
        );
      send(res, 200, Buffer.alloc(200 * 1024, 7), 'image/png');
    });
    const user = await createMember(t.db);
    const result = await cloneWebsite(deps({ maxTotalBytes: 600 * 1024 }), user.id, { url: heavy.url('/') });
    expect(result.success).toBe(false);
    expect(result.error).toMatch(/limite de 1 MB/);
  }, 60_000);

  it('refuses what the page tries to reach on private addresses: the target receives nothing', async () => {
    const secret = await site((_req, res) => send(res, 200, 'segredo', 'text/plain'));
    const evil = await site((_req, res, path) => {
      if (path !== '/') return send(res, 404, '', 'text/plain');
      send(
        res,
        200,
        page(`<img src="http://169.254.169.254/latest/meta-data/" alt="">
<img src="http://intranet.test:${secret.port}/a.png" alt="">
<script>
fetch('http://10.1.2.3/admin').catch(() => {});
fetch('http://intranet.test:${secret.port}/x').catch(() => {});
fetch('http://[::ffff:10.0.0.1]/').catch(() => {});
try { new WebSocket('ws://127.0.0.1:${secret.port}/'); } catch (e) {}
try { navigator.sendBeacon('http://192.168.0.1/b', 'x'); } catch (e) {}
fetch('http://127.0.0.1:${secret.port}/post', { method: 'POST', body: 'x' }).catch(() => {});
</script>`),
        'text/html',
      );
    });
    const user = await createMember(t.db);
    const result = await cloneWebsite(deps(), user.id, { url: evil.url('/') });
    expect(result.success, result.error).toBe(true);
    expect(secret.connections()).toBe(0);
    const files = Object.keys(await zipOf(result.downloadUrl));
    expect(files).toEqual(['index.html']);
  }, 60_000);

  it('refuses SSRF payloads with the guard on, before anything is fetched', async () => {
    const target = await site((_req, res) => send(res, 200, page('alvo'), 'text/html'));
    const user = await createMember(t.db);
    const payloads = [
      target.url('/'),
      `http://localhost:${target.port}/`,
      `http://[::1]:${target.port}/`,
      `http://[::ffff:127.0.0.1]:${target.port}/`,
      `http://0x7f000001:${target.port}/`,
      `http://2130706433:${target.port}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://intranet.test/',
    ];
    for (const url of payloads) {
      const lookupSystem = {
        ...deps({}, false),
        lookup: url.includes('intranet') ? deps().lookup : undefined,
      };
      await expect(cloneWebsite(lookupSystem, user.id, { url }), url).rejects.toMatchObject({
        statusCode: 400,
      });
    }
    expect(target.connections()).toBe(0);
  }, 60_000);

  it('answers 429 in Portuguese once a member passes the clone rate limit, before anything is fetched', async () => {
    const target = await site((_req, res) => send(res, 200, page('alvo'), 'text/html'));
    const post = async (cookie: string, url: string) =>
      t.request({ method: 'POST', url: '/api/clone-website', payload: { url }, headers: { cookie } });
    const busy = await signIn(t.db, (await createMember(t.db)).id);
    // Each of these passes the schema and the limiter, then is refused by the guard (credentials in the URL): cheap,
    // nothing fetched, but counted like any clone.
    const refused = `http://usuario:senha@${target.host}/`;
    for (let i = 0; i < CLONE_RATE_LIMIT.max; i++) {
      expect((await post(busy, refused)).statusCode).toBe(400);
    }
    const limited = await post(busy, target.url('/'));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: new TooManyRequestsError().message });
    expect(limited.json().message).toMatch(/Aguarde/);
    expect(target.connections()).toBe(0);
    // Another member has a budget of their own.
    const other = await signIn(t.db, (await createMember(t.db)).id);
    expect((await post(other, refused)).statusCode).toBe(400);
  });

  it('runs one clone at a time per member', async () => {
    const slow = await site((_req, res) =>
      setTimeout(() => send(res, 200, page('lento'), 'text/html'), 1_500),
    );
    const user = await createMember(t.db);
    const first = cloneWebsite(deps(), user.id, { url: slow.url('/') });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(cloneWebsite(deps(), user.id, { url: slow.url('/') })).rejects.toMatchObject({
      statusCode: 409,
      message: CLONE_IN_PROGRESS,
    });
    expect((await first).success).toBe(true);
  }, 60_000);
});
