import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/client';
import { balanceLedger, slugScans } from '../db/schema/index';
import {
  balanceAndLedger,
  echoEverythingHandler,
  memberWithBalance,
  startSite,
  type TestSite,
} from '../modules/slug-checker/slug-checker.test-support';
import { type AppProcess, readEvents, startAppProcess } from './app-process';
import { createTestDatabase } from './test-app';

/**
 * Issue #24: SIGTERM during a paid scan. The instance (main.ts, its own process) refuses new scans at once (503 with
 * Retry-After) and lets the running one finish within JOB_SHUTDOWN_SECONDS, charged once; a scan that cannot finish
 * in that time ends 'interrupted' and refunded, the member told so in the stream. Never charged and lost.
 */
let drop: () => Promise<void>;
let dir: string;
let databaseUrl: string;
let database: Database;
let fast: TestSite;
let slow: TestSite;
const processes: AppProcess[] = [];

beforeAll(async () => {
  // ~1,400 slugs, 20 at a time: about 3 s on the fast site, over a minute on the slow one.
  fast = await startSite((req, res, p) => setTimeout(() => echoEverythingHandler(req, res, p), 40));
  slow = await startSite((req, res, p) => setTimeout(() => echoEverythingHandler(req, res, p), 1_000));
  const created = await createTestDatabase();
  drop = created.drop;
  databaseUrl = created.url;
  database = createDatabase(created.url, { max: 2 });
  dir = await mkdtemp(path.join(os.tmpdir(), 'ce-sigterm-'));
}, 60_000);

afterAll(async () => {
  for (const p of processes) p.proc.kill('SIGKILL');
  await database?.close();
  await fast?.close();
  await slow?.close();
  await drop?.();
  await rm(dir, { recursive: true, force: true });
});

async function instance(jobSeconds: number): Promise<AppProcess> {
  const p = await startAppProcess({
    databaseUrl,
    dataDir: path.join(dir, `i${processes.length}`),
    env: { ALLOW_PRIVATE_NETWORK_TARGETS: '1', JOB_SHUTDOWN_SECONDS: String(jobSeconds) },
  });
  processes.push(p);
  return p;
}

function scan(p: AppProcess, cookie: string, domain: string) {
  return fetch(`${p.baseUrl}/api/check-slugs`, {
    method: 'POST',
    headers: { cookie, origin: p.baseUrl, accept: 'text/event-stream', 'content-type': 'application/json' },
    body: JSON.stringify({ domain }),
  });
}

const refundsOf = (scanId: string) =>
  database.db
    .select()
    .from(balanceLedger)
    .where(eq(balanceLedger.reference, `estorno slug_scan:${scanId}`));

describe('SIGTERM during a scan', () => {
  it('lets the scan finish (charged once), refuses new ones with 503, then exits 0', async () => {
    const p = await instance(30);
    const { user, cookie } = await memberWithBalance(database.db, 300);
    const other = await memberWithBalance(database.db, 300);
    const stream = readEvents(await scan(p, cookie, fast.host));
    await stream.until((e) => e.event === 'progress' && (e.data as { tested: number }).tested > 0, 20_000);
    p.proc.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    const refused = await scan(p, other.cookie, fast.host);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect((await refused.json()).message).toBe('Servidor reiniciando, tente de novo em instantes.');

    await stream.done;
    const done = stream.events.find((e) => e.event === 'done')?.data as {
      scanId: string;
      totalTested: number;
    };
    expect(done?.totalTested).toBeGreaterThan(1000);
    expect((await p.exited).code).toBe(0);
    const [row] = await database.db.select().from(slugScans).where(eq(slugScans.id, done.scanId));
    expect(row).toMatchObject({ status: 'done', refundedAt: null, totalTested: done.totalTested });
    expect(await balanceAndLedger(database.db, user.id)).toEqual({
      balance: 200,
      ledgerSum: 200,
      slugCheckRows: 1,
    });
    expect((await balanceAndLedger(database.db, other.user.id)).balance).toBe(300);
  }, 60_000);

  it('ends a scan that cannot finish in JOB_SHUTDOWN_SECONDS as interrupted and refunded, and says so', async () => {
    const p = await instance(1);
    const { user, cookie } = await memberWithBalance(database.db, 300);
    const stream = readEvents(await scan(p, cookie, slow.host));
    await stream.until((e) => e.event === 'progress', 20_000);
    p.proc.kill('SIGTERM');
    await stream.done;
    const error = stream.events.find((e) => e.event === 'error')?.data as { message: string };
    expect(error?.message).toBe(
      'Servidor reiniciando: verificação interrompida — R$\u00a01,00 devolvido ao seu saldo. Tente de novo em instantes.',
    );
    expect((await p.exited).code).toBe(0);
    const [row] = await database.db.select().from(slugScans).where(eq(slugScans.userId, user.id));
    expect(row?.status).toBe('interrupted');
    expect(row?.refundedAt).toBeInstanceOf(Date);
    expect(await refundsOf(row!.id)).toHaveLength(1);
    expect(await balanceAndLedger(database.db, user.id)).toEqual({
      balance: 300,
      ledgerSum: 300,
      slugCheckRows: 2,
    });
  }, 60_000);
});
