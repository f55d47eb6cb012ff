import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createDatabase, type Database } from '../../db/client';
import { balanceLedger, slugScans } from '../../db/schema/index';
import { tryMemberLock } from '../../lib/member-lock';
import { createTestDatabase, TEST_ORIGIN } from '../../testing/test-app';
import { SCAN_SETTINGS } from './scan-engine';
import { debitAndCreateScan, sweepLapsedScans } from './slug-checker.repo';
import {
  prepareSlugCheck,
  runSlugCheck,
  ScanInterruptedError,
  type SlugCheckerDeps,
} from './slug-checker.service';
import {
  balanceAndLedger,
  echoEverythingHandler,
  memberWithBalance,
  startSite,
  type TestSite,
} from './slug-checker.test-support';

/**
 * Scans that outlive their instance (issue #24), on two app instances sharing one database: the progress of a scan
 * running on A is read and followed from B; a lapsed lease is ended and refunded once whoever sweeps; a scan whose
 * lease another instance took stops without finishing; an instance shutting down refunds what it interrupts and
 * refuses new scans with 503.
 */
let drop: () => Promise<void>;
let dataDir: string;
let site: TestSite;
const instances: Array<{ app: FastifyInstance; database: Database }> = [];
const A = () => instances[0]!;
const B = () => instances[1]!;

/** A slow site: every answer waits, so a scan lasts seconds (it is stopped once the test has seen what it needs). */
const DELAY_MS = 40;

beforeAll(async () => {
  site = await startSite((req, res, p) => setTimeout(() => echoEverythingHandler(req, res, p), DELAY_MS));
  const created = await createTestDatabase();
  drop = created.drop;
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'ce-leases-'));
  for (let i = 0; i < 2; i++) {
    const config = loadConfig({
      NODE_ENV: 'test',
      APP_URL: TEST_ORIGIN,
      DATA_DIR: dataDir,
      DATABASE_URL: created.url,
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      ALLOW_PRIVATE_NETWORK_TARGETS: '1',
      JOB_LEASE_SECONDS: '2',
    });
    const database = createDatabase(created.url, { max: 6 });
    const app = await buildApp({ config, database, mailer: { destination: 'nenhum', send: async () => {} } });
    await app.ready();
    instances.push({ app, database });
  }
});
afterAll(async () => {
  for (const { app, database } of instances) {
    await app.close();
    await database.close();
  }
  await site?.close();
  await drop?.();
  await rm(dataDir, { recursive: true, force: true });
});

const depsOf = (i: { app: FastifyInstance; database: Database }): SlugCheckerDeps => ({
  db: i.database.db,
  config: i.app.config,
  jobs: i.app.jobs,
  workers: i.app.workers,
  settings: { ...SCAN_SETTINGS, concurrency: 4 },
});

async function until(check: () => Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`esperou ${ms} ms por: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const refundsOf = (scanId: string) =>
  A()
    .database.db.select()
    .from(balanceLedger)
    .where(eq(balanceLedger.reference, `estorno slug_scan:${scanId}`));

describe('a scan seen from another instance', () => {
  it('shows its progress on B while A runs it, and B streams it to the end', async () => {
    const { user, cookie } = await memberWithBalance(A().database.db, 300);
    const stop = new AbortController();
    const scan = await prepareSlugCheck(depsOf(A()), user.id, { domain: site.host });
    const running = runSlugCheck(depsOf(A()), scan, {}, stop.signal);
    const followed = B().app.inject({
      method: 'GET',
      url: `/api/slug-scans/${scan.scanId}/events`,
      headers: { cookie },
    });

    let seen = { totalTested: 0, totalSlugs: 0, status: '' };
    await until(
      async () => {
        const res = await B().app.inject({ method: 'GET', url: '/api/slug-scans', headers: { cookie } });
        seen = res.json().scans.find((s: { id: string }) => s.id === scan.scanId);
        return seen.totalTested >= 60;
      },
      20_000,
      'o progresso da verificação em B',
    );
    expect(seen.status).toBe('running');
    expect(seen.totalSlugs).toBeGreaterThan(seen.totalTested);
    const detail = await B().app.inject({
      method: 'GET',
      url: `/api/slug-scans/${scan.scanId}`,
      headers: { cookie },
    });
    expect(detail.json().results.length).toBeGreaterThanOrEqual(60);

    stop.abort();
    const body = await running;
    const events = (await followed).payload;
    const progress = [...events.matchAll(/event: progress\ndata: (.*)\n/g)].map(
      (m) => JSON.parse(m[1]!) as { tested: number; total: number },
    );
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.some((p) => p.tested > 0 && p.tested < p.total)).toBe(true);
    expect(events).toContain('event: result\n');
    const done = /event: done\ndata: (.*)\n/.exec(events);
    expect(JSON.parse(done![1]!).totalTested).toBe(body.totalTested);
    const [row] = await B().database.db.select().from(slugScans).where(eq(slugScans.id, scan.scanId));
    expect(row).toMatchObject({ status: 'stopped', leaseOwner: null, refundedAt: null });
    expect((await balanceAndLedger(B().database.db, user.id)).balance).toBe(200);
  });

  it('B follows a scan that ended interrupted and refunded with the reason, in Portuguese', async () => {
    const { user, cookie } = await memberWithBalance(A().database.db, 300);
    const made = await debitAndCreateScan(A().database.db, {
      userId: user.id,
      costCents: 100,
      domain: 'loja.exemplo.com.br',
      origin: 'https://loja.exemplo.com.br',
      keep: 20,
      leaseOwner: 'instancia-morta',
      leaseMs: 1,
    });
    await new Promise((r) => setTimeout(r, 20));
    // Ended by this sweep, or already by an instance's own periodic sweep (it runs at every half lease): the list
    // below says it ended interrupted and refunded once.
    await sweepLapsedScans(B().database.db);
    const events = await B().app.inject({
      method: 'GET',
      url: `/api/slug-scans/${made!.scanId}/events`,
      headers: { cookie },
    });
    expect(events.payload).toContain(
      'event: error\ndata: {"message":"Verificação interrompida — R$\u00a01,00 devolvido ao seu saldo."}',
    );
    const list = await B().app.inject({ method: 'GET', url: '/api/slug-scans', headers: { cookie } });
    expect(list.json().scans[0]).toMatchObject({ status: 'interrupted', refunded: 1 });
    const other = await memberWithBalance(A().database.db, 0);
    const notYours = await B().app.inject({
      method: 'GET',
      url: `/api/slug-scans/${made!.scanId}/events`,
      headers: { cookie: other.cookie },
    });
    expect(notYours.statusCode).toBe(404);
    expect(notYours.json().message).toBe('Verificação não encontrada.');
  });
});

describe('leases', () => {
  it('two sweepers racing over lapsed scans refund each exactly once, ledger row included', async () => {
    const { user } = await memberWithBalance(A().database.db, 1000);
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const made = await debitAndCreateScan(A().database.db, {
        userId: user.id,
        costCents: 100,
        domain: 'loja.exemplo.com.br',
        origin: 'https://loja.exemplo.com.br',
        keep: 20,
        leaseOwner: `instancia-${i}`,
        leaseMs: 1,
      });
      ids.push(made!.scanId);
    }
    // (Each debit above refunded the one before, left running by "another instance": the member holds no lock here.)
    await new Promise((r) => setTimeout(r, 20));
    const swept = await Promise.all([
      sweepLapsedScans(A().database.db),
      sweepLapsedScans(B().database.db),
      sweepLapsedScans(A().database.db),
      sweepLapsedScans(B().database.db),
    ]);
    expect(swept.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
    for (const id of ids) expect(await refundsOf(id)).toHaveLength(1);
    const rows = await A().database.db.select().from(slugScans).where(eq(slugScans.userId, user.id));
    expect(rows.every((r) => r.status === 'interrupted' && r.refundedAt !== null)).toBe(true);
    expect(await balanceAndLedger(A().database.db, user.id)).toEqual({
      balance: 1000,
      ledgerSum: 1000,
      slugCheckRows: 16,
    });
  });

  it('many sweepers on one lapsed scan: one refund', async () => {
    const { user } = await memberWithBalance(A().database.db, 300);
    for (let round = 0; round < 5; round++) {
      const made = await debitAndCreateScan(A().database.db, {
        userId: user.id,
        costCents: 100,
        domain: 'loja.exemplo.com.br',
        origin: 'https://loja.exemplo.com.br',
        keep: 20,
        leaseOwner: A().app.jobs.instanceId,
        leaseMs: 1,
      });
      await new Promise((r) => setTimeout(r, 10));
      const swept = await Promise.all(
        Array.from({ length: 6 }, (_, i) => sweepLapsedScans(instances[i % 2]!.database.db)),
      );
      // (The instances' own sweepers, every second, may get there first: still one refund.)
      expect(swept.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
      expect(await refundsOf(made!.scanId)).toHaveLength(1);
    }
    expect((await balanceAndLedger(A().database.db, user.id)).balance).toBe(300);
  });

  it("a scan whose lease another instance ended stops at its next write and never finishes 'done'", async () => {
    const { user } = await memberWithBalance(A().database.db, 300);
    const scan = await prepareSlugCheck(depsOf(A()), user.id, { domain: site.host });
    const running = runSlugCheck(depsOf(A()), scan, {}).then(
      () => 'terminou',
      (err) => err,
    );
    await until(
      async () => {
        const [row] = await B().database.db.select().from(slugScans).where(eq(slugScans.id, scan.scanId));
        return (row?.totalTested ?? 0) > 0;
      },
      20_000,
      'o primeiro lote gravado',
    );
    // As if A had been unreachable for a whole lease: B's sweeper takes the scan. (A write of A landing between the
    // two statements renews the lease, as it would for a live instance, and a write in flight holds the row, which
    // the sweeper skips: then lapse it again a moment later.)
    let swept = 0;
    await until(
      async () => {
        await B()
          .database.db.update(slugScans)
          .set({ leaseExpiresAt: sql`now() - interval '1 second'` })
          .where(and(eq(slugScans.id, scan.scanId), eq(slugScans.status, 'running')));
        swept += await sweepLapsedScans(B().database.db);
        return swept > 0;
      },
      10_000,
      'a varredura de B encerrar a verificação',
    );
    expect(swept).toBe(1);
    // The sweeper freed the member's scan lock with the scan (A still renews it while its scan winds down): B
    // takes it at once instead of after A's lease.
    const lock = await tryMemberLock(B().app, 'slug_scan', user.id);
    expect(lock).not.toBeNull();
    await lock?.release();
    const outcome = await running;
    expect(outcome).toBeInstanceOf(ScanInterruptedError);
    expect((outcome as ScanInterruptedError).message).toBe(
      'Verificação interrompida — R$\u00a01,00 devolvido ao seu saldo. Tente de novo.',
    );
    const [row] = await A().database.db.select().from(slugScans).where(eq(slugScans.id, scan.scanId));
    expect(row?.status).toBe('interrupted');
    expect(await refundsOf(scan.scanId)).toHaveLength(1);
    expect(await balanceAndLedger(A().database.db, user.id)).toEqual({
      balance: 300,
      ledgerSum: 300,
      slugCheckRows: 2,
    });
  });
});

describe('the connection budget', () => {
  it('eight scans waiting on a slow site hold no connection beyond the pools and the change feeds', async () => {
    const members = await Promise.all(
      Array.from({ length: 8 }, () => memberWithBalance(A().database.db, 300)),
    );
    const stop = new AbortController();
    const scans = await Promise.all(
      members.map(({ user }) => prepareSlugCheck(depsOf(A()), user.id, { domain: site.host })),
    );
    const running = scans.map((scan) => runSlugCheck(depsOf(A()), scan, {}, stop.signal));
    try {
      await until(
        async () => {
          const rows = await A().database.db.select().from(slugScans);
          const ours = rows.filter((r) => scans.some((s) => s.scanId === r.id));
          return ours.length === 8 && ours.every((r) => r.status === 'running' && r.totalTested > 0);
        },
        20_000,
        'as oito verificações em andamento',
      );
      // Every connection to the database: each instance's pool (what it holds now, at most DATABASE_POOL_MAX) and
      // its change feed's LISTEN. A lock or a scan holding a connection of its own while it waits would add one each.
      const { rows } = await A().database.pool.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = current_database()',
      );
      const pooled = instances.reduce((sum, i) => sum + i.database.pool.totalCount, 0);
      expect(rows[0]?.n ?? 0).toBeLessThanOrEqual(pooled + instances.length);
    } finally {
      stop.abort();
      await Promise.allSettled(running);
    }
  });
});

describe('an instance shutting down', () => {
  it('interrupts and refunds its running scan, then refuses new ones with 503 and Retry-After', async () => {
    const { user, cookie } = await memberWithBalance(A().database.db, 300);
    const scan = await prepareSlugCheck(depsOf(B()), user.id, { domain: site.host });
    const running = runSlugCheck(depsOf(B()), scan, {}).then(
      () => 'terminou',
      (err) => err,
    );
    await new Promise((r) => setTimeout(r, 300));
    const drained = await B().app.jobs.drain(0);
    expect(drained).toEqual({ finished: 0, interrupted: 1 });
    const outcome = await running;
    expect(outcome).toBeInstanceOf(ScanInterruptedError);
    expect((outcome as Error).message).toBe(
      'Servidor reiniciando: verificação interrompida — R$\u00a01,00 devolvido ao seu saldo. Tente de novo em instantes.',
    );
    const [row] = await A().database.db.select().from(slugScans).where(eq(slugScans.id, scan.scanId));
    expect(row?.status).toBe('interrupted');
    expect(await refundsOf(scan.scanId)).toHaveLength(1);

    const refused = await B().app.inject({
      method: 'POST',
      url: '/api/check-slugs',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { domain: site.host },
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json().message).toBe('Servidor reiniciando, tente de novo em instantes.');
    const clone = await B().app.inject({
      method: 'POST',
      url: '/api/clone-website',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { url: site.url('/obrigado') },
    });
    expect(clone.statusCode).toBe(503);
    // Nothing was charged for the refusals; the interrupted scan was given back.
    expect(await balanceAndLedger(A().database.db, user.id)).toMatchObject({ balance: 300, ledgerSum: 300 });
    const scans = await A().database.db.select().from(slugScans).where(eq(slugScans.userId, user.id));
    expect(scans).toHaveLength(1);
  });
});
