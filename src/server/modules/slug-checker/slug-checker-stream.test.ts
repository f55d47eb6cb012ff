import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlugCheckResponse } from '../../../shared/schemas/slug-checker';
import { slugScans } from '../../db/schema/index';
import { createMember } from '../../testing/factories';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { SCAN_SETTINGS } from './scan-engine';
import { prepareSlugCheck, runSlugCheck } from './slug-checker.service';
import {
  balanceAndLedger,
  memberWithBalance,
  realSiteHandler,
  setBalance,
  startSite,
  type TestSite,
} from './slug-checker.test-support';

let t: TestApp;
let base: string;
let real: TestSite;
let slow: TestSite;
let flaky: TestSite;
beforeAll(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_NETWORK_TARGETS: '1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  real = await startSite(realSiteHandler(() => real.origin));
  // Every page takes 150 ms: a whole scan takes about 10 s, long enough to stop it halfway.
  slow = await startSite((_req, res, path) => {
    setTimeout(() => {
      res.writeHead(path === '/obrigado' ? 200 : 404, { 'content-type': 'text/html' });
      res.end(path === '/obrigado' ? '<h1>Obrigado</h1>' : 'não encontrado');
    }, 150);
  });
  // Hangs on /vsl (timeout), drops the connection on /checkout and /pix, answers the rest.
  flaky = await startSite((req, res, path) => {
    if (path === '/vsl') return;
    if (path === '/checkout' || path === '/pix') return req.socket.destroy();
    res.writeHead(path === '/obrigado' || path === '/' ? 200 : 404, { 'content-type': 'text/html' });
    res.end(path === '/obrigado' ? '<h1>Obrigado pela compra</h1>' : 'não encontrado');
  });
});
afterAll(async () => {
  await Promise.all([real.close(), slow.close(), flaky.close()]);
  await t.close();
});

const member = (cents?: number) => memberWithBalance(t.db, cents);

interface StreamEvent {
  event: string;
  data: unknown;
}

/** POST /api/check-slugs with Accept: text/event-stream over a real socket; events as they arrive. */
function openStream(cookie: string, domain: string, onEvent: (e: StreamEvent, abort: () => void) => void) {
  return new Promise<{ status: number; type: string | undefined; events: StreamEvent[] }>(
    (resolve, reject) => {
      const events: StreamEvent[] = [];
      const req = httpRequest(`${base}/api/check-slugs`, {
        method: 'POST',
        headers: {
          cookie,
          origin: TEST_ORIGIN,
          accept: 'text/event-stream',
          'content-type': 'application/json',
        },
      });
      let status = 0;
      let type: string | undefined;
      const abort = () => {
        req.destroy();
        resolve({ status, type, events });
      };
      req.on('response', (res) => {
        status = res.statusCode ?? 0;
        type = res.headers['content-type'];
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event && data) {
              const parsed = { event, data: JSON.parse(data) };
              events.push(parsed);
              onEvent(parsed, abort);
            }
            end = buffer.indexOf('\n\n');
          }
        });
        res.on('end', () => resolve({ status, type, events }));
        res.on('error', () => resolve({ status, type, events }));
      });
      req.on('error', (err) => (req.destroyed ? resolve({ status, type, events }) : reject(err)));
      req.end(JSON.stringify({ domain }));
    },
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('streaming (Accept: text/event-stream)', () => {
  it('streams progress and each result, then done with the final body, stored with the scan', async () => {
    const { cookie } = await member();
    const { status, type, events } = await openStream(cookie, real.origin, () => {});
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/event-stream/);
    const progress = events
      .filter((e) => e.event === 'progress')
      .map((e) => e.data as { tested: number; total: number });
    const results = events.filter((e) => e.event === 'result');
    const done = events.find((e) => e.event === 'done')?.data as SlugCheckResponse;
    expect(progress[0]).toEqual({ tested: 0, total: done.totalTested });
    expect(progress.at(-1)).toEqual({ tested: done.totalTested, total: done.totalTested });
    expect(results).toHaveLength(done.totalTested);
    expect(done.validUrls).toBeGreaterThan(0);
    expect(events.at(-1)?.event).toBe('done');
    const [row] = await t.db.select().from(slugScans).where(eq(slugScans.id, done.scanId));
    expect(row).toMatchObject({ status: 'done', totalTested: done.totalTested, validUrls: done.validUrls });
  });

  it('refuses with JSON (not a stream) when the balance is short', async () => {
    const { cookie } = await member(0);
    const res = await t.request({
      method: 'POST',
      url: '/api/check-slugs',
      payload: { domain: real.origin },
      headers: { cookie, accept: 'text/event-stream' },
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(/saldo/i);
  });

  it('one scan at a time per member (409); closing the connection stops the scan and frees the member', async () => {
    const { user, cookie } = await member();
    let second: Promise<{ statusCode: number; body: string }> | undefined;
    let results = 0;
    const stream = await openStream(cookie, slow.origin, (event, abort) => {
      if (event.event !== 'result') return;
      results++;
      if (results === 1) {
        second = t
          .request({
            method: 'POST',
            url: '/api/check-slugs',
            payload: { domain: real.origin },
            headers: { cookie },
          })
          .then((r) => ({ statusCode: r.statusCode, body: r.body }));
      }
      if (results === 60) abort();
    });
    const refused = await second;
    expect(refused?.statusCode).toBe(409);
    expect(JSON.parse(refused?.body ?? '{}').message).toMatch(/em andamento/);
    expect(stream.events.some((e) => e.event === 'done')).toBe(false);

    // The requests in flight finish; no new one starts.
    await sleep(600);
    const afterStop = slow.paths.length;
    await sleep(1200);
    expect(slow.paths.length).toBe(afterStop);
    expect(afterStop).toBeLessThan(200);

    const [row] = await t.db.select().from(slugScans).where(eq(slugScans.userId, user.id));
    expect(row?.status).toBe('stopped');
    expect(row?.totalTested).toBeGreaterThanOrEqual(60);
    expect(row?.totalTested).toBeLessThan(200);
    // Stopped by the member: the verification was used (no refund), and the member may scan again at once.
    expect(await balanceAndLedger(t.db, user.id)).toEqual({ balance: 900, ledgerSum: 900, slugCheckRows: 1 });
    const again = await t.request({
      method: 'POST',
      url: '/api/check-slugs',
      payload: { domain: real.origin },
      headers: { cookie },
    });
    expect(again.statusCode).toBe(200);
  }, 30_000);
});

describe('failures of the target', () => {
  it('reports a timeout and dropped connections as status 0 with a Portuguese statusText', async () => {
    const user = await createMember(t.db);
    await setBalance(t.db, user.id, 100);
    const deps = {
      db: t.db,
      config: t.config,
      jobs: t.app.jobs,
      workers: t.app.workers,
      settings: { ...SCAN_SETTINGS, timeoutMs: 1_000 },
    };
    const scan = await prepareSlugCheck(deps, user.id, { domain: flaky.origin });
    const body = await runSlugCheck(deps, scan);
    const of = (slug: string) => body.results.find((r) => r.slug === slug);
    expect(of('vsl')).toMatchObject({
      status: 0,
      statusText: 'Tempo esgotado',
      isValid: false,
      redirectUrl: null,
    });
    expect(of('vsl')?.responseTime).toBeGreaterThanOrEqual(900);
    for (const slug of ['checkout', 'pix']) {
      expect(of(slug)).toMatchObject({
        status: 0,
        statusText: 'Conexão encerrada pelo servidor',
        isValid: false,
      });
    }
    expect(
      body.results
        .filter((r) => r.status === 0)
        .map((r) => r.slug)
        .sort(),
    ).toEqual(['checkout', 'pix', 'vsl']);
    expect(body.results.filter((r) => r.isValid).map((r) => r.slug)).toEqual(['obrigado']);
  });
});
