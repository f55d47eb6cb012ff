import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDatabase, type Database } from '../db/client';
import { balanceLedger } from '../db/schema/index';
import {
  balanceAndLedger,
  echoEverythingHandler,
  memberWithBalance,
  startSite,
  type TestSite,
} from '../modules/slug-checker/slug-checker.test-support';
import { type AppProcess, readEvents, startAppProcess } from './app-process';
import { createTestDatabase, TEST_ORIGIN } from './test-app';

/**
 * Issue #24: a paid scan is never lost with its instance. Instance A (its own process, main.ts) runs a scan; its
 * progress shows on instance B (in this process, same database) as it goes; A is killed with -9 mid-scan; B's
 * sweeper ends the scan 'interrupted' and gives the R$ 1,00 back (ledger row included) well within a minute.
 */
const LEASE_SECONDS = 3;
let drop: () => Promise<void>;
let dir: string;
let site: TestSite;
let a: AppProcess | undefined;
let b: { app: FastifyInstance; database: Database };

beforeAll(async () => {
  // Each answer takes 150 ms: a scan of ~1,400 slugs, 20 at a time, lasts about 10 s.
  site = await startSite((req, res, p) => setTimeout(() => echoEverythingHandler(req, res, p), 150));
  const created = await createTestDatabase();
  drop = created.drop;
  dir = await mkdtemp(path.join(os.tmpdir(), 'ce-kill9-'));
  const env = { ALLOW_PRIVATE_NETWORK_TARGETS: '1', JOB_LEASE_SECONDS: String(LEASE_SECONDS) };
  a = await startAppProcess({ databaseUrl: created.url, dataDir: path.join(dir, 'a'), env });
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: TEST_ORIGIN,
    DATA_DIR: path.join(dir, 'b'),
    DATABASE_URL: created.url,
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    ...env,
  });
  const database = createDatabase(created.url, { max: 4 });
  const app = await buildApp({ config, database, mailer: { destination: 'nenhum', send: async () => {} } });
  await app.ready();
  b = { app, database };
}, 90_000);

afterAll(async () => {
  a?.proc.kill('SIGKILL');
  await b?.app.close();
  await b?.database.close();
  await site?.close();
  await drop?.();
  await rm(dir, { recursive: true, force: true });
});

type Summary = {
  id: string;
  status: string;
  totalTested: number;
  totalSlugs: number;
  refunded: number | null;
};
const scansOnB = async (cookie: string) =>
  (await b.app.inject({ method: 'GET', url: '/api/slug-scans', headers: { cookie } })).json()
    .scans as Summary[];

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms: number, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`esperou ${ms} ms por: ${what} (${JSON.stringify(value)})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a scan whose instance is killed with -9', () => {
  it('is visible from the other instance while it runs, then ended and refunded once within a minute', async () => {
    const { user, cookie } = await memberWithBalance(b.database.db, 300);
    const res = await fetch(`${a!.baseUrl}/api/check-slugs`, {
      method: 'POST',
      headers: {
        cookie,
        origin: a!.baseUrl,
        accept: 'text/event-stream',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ domain: site.host }),
    });
    expect(res.status).toBe(200);
    const stream = readEvents(res);
    await stream.until((e) => e.event === 'progress' && (e.data as { tested: number }).tested >= 40, 30_000);

    // B shows the scan A runs, with its progress (not 0 tested).
    const [running] = await until(
      () => scansOnB(cookie),
      (s) => (s[0]?.totalTested ?? 0) > 0,
      5_000,
      'o progresso visto de B',
    );
    expect(running).toMatchObject({ status: 'running', refunded: null });
    expect(running!.totalSlugs).toBeGreaterThan(running!.totalTested);
    expect((await balanceAndLedger(b.database.db, user.id)).balance).toBe(200);

    const killedAt = Date.now();
    a!.proc.kill('SIGKILL');
    expect((await a!.exited).signal).toBe('SIGKILL');
    await stream.done;
    expect(stream.events.some((e) => e.event === 'done')).toBe(false);

    const [ended] = await until(
      () => scansOnB(cookie),
      (s) => s[0]?.status === 'interrupted',
      60_000,
      'a verificação interrompida e estornada',
    );
    const elapsed = Date.now() - killedAt;
    // The lease lapses after at most LEASE_SECONDS and B sweeps every half of it.
    expect(elapsed).toBeLessThan(LEASE_SECONDS * 1000 * 1.5 + 5_000);
    expect(ended).toMatchObject({ id: running!.id, refunded: 1 });
    expect(ended!.totalTested).toBeGreaterThan(0);
    expect(await balanceAndLedger(b.database.db, user.id)).toEqual({
      balance: 300,
      ledgerSum: 300,
      slugCheckRows: 2,
    });
    const refunds = await b.database.db
      .select()
      .from(balanceLedger)
      .where(eq(balanceLedger.reference, `estorno slug_scan:${running!.id}`));
    expect(refunds).toHaveLength(1);
    console.log(`[kill -9] verificação estornada ${elapsed} ms depois do kill (lease ${LEASE_SECONDS} s)`);

    // The member can scan again at once, on B: A's lock died with it.
    const again = await b.app.inject({
      method: 'POST',
      url: '/api/check-slugs',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { domain: 'nao-existe.invalid' },
    });
    expect(again.statusCode).not.toBe(409);
  }, 90_000);
});
