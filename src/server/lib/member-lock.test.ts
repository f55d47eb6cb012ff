import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/client';
import { jobLocks } from '../db/schema';
import { createTestDatabase } from '../testing/test-app';
import { JobRegistry } from './jobs';
import { type MemberLockDeps, releaseLocksOf, tryMemberLock } from './member-lock';

let drop: () => Promise<void>;
/** Two instances, each with a pool of ONE connection: a lock that held a connection would starve it. */
let one: Database;
let two: Database;
const instance = (database: Database, leaseSeconds = 15): MemberLockDeps => ({
  db: database.db,
  jobs: new JobRegistry(),
  config: { JOB_LEASE_SECONDS: leaseSeconds },
});

beforeAll(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  one = createDatabase(created.url, { max: 1 });
  two = createDatabase(created.url, { max: 1 });
});
afterAll(async () => {
  await one.close();
  await two.close();
  await drop();
});

/** Every connection to the test database: the two pools' (one each) and anything a lock opened of its own. */
const connections = async () => {
  const { rows } = await one.pool.query<{ n: number }>(
    'select count(*)::int as n from pg_stat_activity where datname = current_database()',
  );
  return rows[0]?.n ?? 0;
};

describe('tryMemberLock (a leased row, no connection held)', () => {
  it('one holder per kind and key across instances; free again once released', async () => {
    const a = instance(one);
    const b = instance(two);
    const held = await tryMemberLock(a, 'slug_scan', 'membro-1');
    expect(held).not.toBeNull();
    expect(await tryMemberLock(b, 'slug_scan', 'membro-1')).toBeNull();
    expect(await tryMemberLock(a, 'slug_scan', 'membro-1')).toBeNull(); // the same instance too
    // Another key, another kind: free.
    const other = await tryMemberLock(b, 'slug_scan', 'membro-2');
    const clone = await tryMemberLock(b, 'site_clone', 'membro-1');
    expect(other).not.toBeNull();
    expect(clone).not.toBeNull();
    // Three locks held, and no connection but the two pools' one each: none holds a connection of its own.
    expect(await connections()).toBeLessThanOrEqual(2);
    await held?.release();
    await held?.release(); // idempotent
    const again = await tryMemberLock(b, 'slug_scan', 'membro-1');
    expect(again).not.toBeNull();
    await Promise.all([again?.release(), other?.release(), clone?.release()]);
    expect(await one.db.select().from(jobLocks)).toEqual([]);
  });

  it('only one of many instances asking together gets it', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        tryMemberLock(instance(i % 2 ? one : two), 'funnel_map', 'oferta-1'),
      ),
    );
    const winners = results.filter((r) => r !== null);
    expect(winners).toHaveLength(1);
    await winners[0]?.release();
  });

  it('is renewed while held, and taken over once its lease lapsed (a dead instance)', async () => {
    const a = instance(one, 2);
    const held = await tryMemberLock(a, 'site_clone', 'membro-3');
    expect(held).not.toBeNull();
    const expiresAt = async () =>
      (await one.db.select().from(jobLocks).where(eq(jobLocks.key, 'membro-3')))[0]?.expiresAt.getTime() ?? 0;
    const first = await expiresAt();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // Renewed every third of the lease: still held past the first expiry.
    expect(await expiresAt()).toBeGreaterThan(first);
    expect(await tryMemberLock(instance(two), 'site_clone', 'membro-3')).toBeNull();
    // The instance dies (its renewals stop) — simulated by lapsing the row as a dead instance leaves it.
    await held?.release();
    await one.db.insert(jobLocks).values({
      kind: 'site_clone',
      key: 'membro-3',
      owner: 'instancia-morta',
      token: '00000000-0000-4000-8000-000000000001',
      expiresAt: sql`now() - interval '1 second'`,
    });
    const taken = await tryMemberLock(instance(two), 'site_clone', 'membro-3');
    expect(taken).not.toBeNull();
    const [row] = await one.db.select().from(jobLocks).where(eq(jobLocks.key, 'membro-3'));
    expect(row?.owner).not.toBe('instancia-morta');
    await taken?.release();
  });

  it('releaseLocksOf frees only the named owner’s locks of that kind', async () => {
    const a = instance(one);
    const held = await tryMemberLock(a, 'slug_scan', 'membro-4');
    const kept = await tryMemberLock(a, 'site_clone', 'membro-4');
    await releaseLocksOf(one.db, 'slug_scan', [{ key: 'membro-4', owner: 'outra-instancia' }]);
    expect(await tryMemberLock(instance(two), 'slug_scan', 'membro-4')).toBeNull();
    await releaseLocksOf(one.db, 'slug_scan', [{ key: 'membro-4', owner: a.jobs.instanceId }]);
    const next = await tryMemberLock(instance(two), 'slug_scan', 'membro-4');
    expect(next).not.toBeNull();
    expect(await tryMemberLock(instance(two), 'site_clone', 'membro-4')).toBeNull();
    await Promise.all([held?.release(), kept?.release(), next?.release()]);
  });
});
