import { randomUUID } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tryMemberLock } from '../../lib/member-lock';
import { createMember, signIn } from '../../testing/factories';
import { createHardenedApp, type HardenedApp } from '../../testing/hardened-app';
import { metricValue } from '../../testing/metrics-text';
import { createOffer } from '../../testing/offer-factories';
import { createTestApp } from '../../testing/test-app';
import { listenMetricsPort } from './monitoring.service';

const TOKEN = 'token-de-metricas-0123456789';
const bearer = { authorization: `Bearer ${TOKEN}` };

let withToken: HardenedApp;
let withoutToken: HardenedApp;
beforeAll(async () => {
  // Both with a built client: the app's SPA fallback must never answer /metrics with its page.
  [withToken, withoutToken] = await Promise.all([
    createHardenedApp({ env: { METRICS_TOKEN: TOKEN } }),
    createHardenedApp({ env: { METRICS_PORT: '9' } }),
  ]);
  await Promise.all([withToken.app.ready(), withoutToken.app.ready()]);
});
afterAll(async () => {
  await withToken?.close();
  await withoutToken?.close();
});

const scrape = (headers: Record<string, string> = bearer) =>
  withToken.app.inject({ url: '/metrics', headers });

describe('GET /metrics', () => {
  it('answers 404 JSON, never the app page, when METRICS_TOKEN is not set (METRICS_PORT only or neither)', async () => {
    for (const headers of [{}, bearer, { accept: 'text/html' }]) {
      const res = await withoutToken.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message: 'Recurso não encontrado.' });
    }
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Recurso não encontrado.' });
    } finally {
      await t.close();
    }
  });

  it('refuses a missing or wrong token with 401 in Portuguese and no metric', async () => {
    const refused: Array<Record<string, string>> = [
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
    ];
    for (const headers of refused) {
      const res = await scrape(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Token de métricas ausente ou inválido.' });
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toMatch(/clube_|nodejs_|# HELP/);
    }
  });

  it('with the token: the named series, a request counted under its route template, never its URL', async () => {
    const db = withToken.database.db;
    const member = await createMember(db);
    const cookie = await signIn(db, member.id);
    const offer = await createOffer(db);
    const missing = randomUUID();
    for (const id of [offer.id, offer.id, missing]) {
      await withToken.app.inject({ url: `/api/offers/${id}`, headers: { cookie } });
    }
    await withToken.app.inject({ url: `/nada-aqui-${missing}.txt` });
    await withToken.app.changeFeed.whenLive();

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    const count = (labels: Record<string, string>) =>
      metricValue(text, 'clube_http_request_duration_seconds_count', labels);
    expect(count({ route: '/api/offers/:id', method: 'GET', status: '200' })).toBe(2);
    expect(count({ route: '/api/offers/:id', method: 'GET', status: '404' })).toBe(1);
    expect(count({ route: 'unmatched', method: 'GET', status: '404' })).toBe(1);
    expect(text).not.toContain(offer.id);
    expect(text).not.toContain(missing);
    expect(
      metricValue(text, 'clube_http_request_duration_seconds_bucket', {
        route: '/api/offers/:id',
        status: '200',
        le: '+Inf',
      }),
    ).toBe(2);

    for (const name of [
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_eventloop_lag_max_seconds',
      'process_resident_memory_bytes',
      'clube_db_pool_in_use_connections',
      'clube_db_pool_idle_connections',
      'clube_db_pool_waiting_requests',
    ]) {
      expect(metricValue(text, name), name).toEqual(expect.any(Number));
    }
    expect(metricValue(text, 'clube_db_pool_max_connections')).toBe(5);
    expect(metricValue(text, 'clube_change_feed_live')).toBe(1);
    expect(metricValue(text, 'clube_database_readings_ok')).toBe(1);
    expect(metricValue(text, 'clube_backup_last_success_timestamp_seconds')).toBe(0);
    for (const kind of ['slug_scan', 'site_clone', 'funnel_map']) {
      expect(metricValue(text, 'clube_jobs_running', { kind })).toBe(0);
    }
    for (const channel of ['email', 'push']) {
      for (const result of ['sent', 'failed']) {
        expect(metricValue(text, 'clube_notification_sends_total', { channel, result })).toBe(0);
      }
    }
    // The scrape itself is counted like any request, once it is answered.
    const again = (await scrape()).body;
    expect(
      metricValue(again, 'clube_http_request_duration_seconds_count', { route: '/metrics', status: '200' }),
    ).toBe(1);
    expect(
      metricValue(again, 'clube_http_request_duration_seconds_count', { route: '/metrics', status: '401' }),
    ).toBeGreaterThan(0);
  });

  it("reads the last successful backup and this instance's running jobs at scrape time", async () => {
    const db = withToken.database.db;
    await db.execute(sql`insert into backup_runs (kind, started_at, finished_at, result)
      values ('automatic', '2026-05-01T03:00:00Z', '2026-05-01T03:02:30Z', 'ok'),
             ('automatic', '2026-05-02T03:00:00Z', '2026-05-02T03:01:00Z', 'failed')`);
    const app = withToken.app;
    const clone = await tryMemberLock(app, 'site_clone', randomUUID());
    const map = await tryMemberLock(app, 'funnel_map', randomUUID());
    // Another instance's job is not this one's.
    const other = await tryMemberLock(
      { ...app, jobs: { instanceId: randomUUID() } },
      'site_clone',
      randomUUID(),
    );
    try {
      const text = (await scrape()).body;
      expect(metricValue(text, 'clube_backup_last_success_timestamp_seconds')).toBe(
        Date.parse('2026-05-01T03:02:30Z') / 1000,
      );
      expect(metricValue(text, 'clube_jobs_running', { kind: 'site_clone' })).toBe(1);
      expect(metricValue(text, 'clube_jobs_running', { kind: 'funnel_map' })).toBe(1);
      expect(metricValue(text, 'clube_jobs_running', { kind: 'slug_scan' })).toBe(0);
    } finally {
      for (const lock of [clone, map, other]) await lock?.release();
    }
    expect(metricValue((await scrape()).body, 'clube_jobs_running', { kind: 'site_clone' })).toBe(0);
  });

  it('still answers when the database does not: the last values, and clube_database_readings_ok 0', async () => {
    const db = withToken.database.db;
    const select = db.select;
    db.select = (() => {
      throw new Error('banco fora');
    }) as unknown as typeof select;
    try {
      const res = await scrape();
      expect(res.statusCode).toBe(200);
      expect(metricValue(res.body, 'clube_database_readings_ok')).toBe(0);
      expect(metricValue(res.body, 'clube_backup_last_success_timestamp_seconds')).toBe(
        Date.parse('2026-05-01T03:02:30Z') / 1000,
      );
    } finally {
      db.select = select;
    }
    expect(metricValue((await scrape()).body, 'clube_database_readings_ok')).toBe(1);
  });

  it('keeps each app its own registry: requests of one app never show in the other', async () => {
    await withoutToken.app.inject({ url: '/api/health/live' });
    await withoutToken.app.inject({ url: '/api/health/live' });
    const mine = metricValue((await scrape()).body, 'clube_http_request_duration_seconds_count', {
      route: '/api/health/live',
    });
    const theirs = metricValue(
      await withoutToken.app.metrics.text(),
      'clube_http_request_duration_seconds_count',
      {
        route: '/api/health/live',
      },
    );
    expect(mine).toBeUndefined();
    expect(theirs).toBe(2);
  });
});

describe('METRICS_PORT', () => {
  it('serves /metrics without a token on 127.0.0.1 only; anything else is 404 JSON', async () => {
    const local = await listenMetricsPort(withoutToken.app.metrics, 0);
    try {
      expect(local.server.address()).toMatchObject({ address: '127.0.0.1' });
      const res = await fetch(`http://127.0.0.1:${local.port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(metricValue(await res.text(), 'clube_change_feed_live')).toEqual(expect.any(Number));
      const other = await fetch(`http://127.0.0.1:${local.port}/api/health`);
      expect(other.status).toBe(404);
      expect(await other.json()).toEqual({ message: 'Recurso não encontrado.' });
      // Not reachable on the machine's other addresses.
      const external = Object.values(os.networkInterfaces())
        .flat()
        .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
      if (external) {
        const refused = await new Promise<boolean>((resolve) => {
          const socket = net.connect(local.port, external);
          socket.once('connect', () => {
            socket.destroy();
            resolve(false);
          });
          socket.once('error', () => resolve(true));
        });
        expect(refused, `porta de métricas aberta em ${external}`).toBe(true);
      }
    } finally {
      await local.close();
    }
    // Closed with the app: nothing listens any more.
    await expect(fetch(`http://127.0.0.1:${local.port}/metrics`)).rejects.toThrow();
  });
});
