import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { jobLocks } from '../db/schema';

/**
 * One job of a kind at a time per key (a member's slug scan or site clone, an offer's funnel map), across every app
 * instance: a leased row of `job_locks`, taken in one INSERT … ON CONFLICT that wins only over a free or lapsed row,
 * renewed every third of the lease while the job runs, deleted when it ends. Between those short statements no
 * connection is held (a scan waiting on a slow site costs the pool nothing), and nothing depends on a session, so it
 * works through a transaction pooler. A crashed instance leaves its rows to lapse: within one lease the key is free
 * again (and a lapsed scan's sweeper frees it at once: `releaseLocksOf`).
 */
export interface MemberLock {
  release(): Promise<void>;
}

/** What a lock needs of the app: the database, this instance's id, the jobs' lease (JOB_LEASE_SECONDS). */
export interface MemberLockDeps {
  db: Db;
  jobs: { readonly instanceId: string };
  config: { JOB_LEASE_SECONDS: number };
}

const leaseUntil = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

export async function tryMemberLock(
  deps: MemberLockDeps,
  kind: string,
  key: string,
): Promise<MemberLock | null> {
  const { db } = deps;
  const owner = deps.jobs.instanceId;
  const leaseMs = deps.config.JOB_LEASE_SECONDS * 1000;
  const token = randomUUID();
  const taken = await db
    .insert(jobLocks)
    .values({ kind, key, owner: owner, token, expiresAt: leaseUntil(leaseMs) })
    .onConflictDoUpdate({
      target: [jobLocks.kind, jobLocks.key],
      set: { owner: owner, token, acquiredAt: sql`now()`, expiresAt: leaseUntil(leaseMs) },
      setWhere: sql`${jobLocks.expiresAt} < now()`,
    })
    .returning({ token: jobLocks.token });
  if (taken[0]?.token !== token) return null;

  let released = false;
  let renewing: Promise<unknown> = Promise.resolve();
  const renew = setInterval(
    () => {
      renewing = db
        .update(jobLocks)
        .set({ expiresAt: leaseUntil(leaseMs) })
        .where(eq(jobLocks.token, token))
        .returning({ token: jobLocks.token })
        .then((rows) => {
          // Taken by another (this instance lost the database for a whole lease): nothing more to renew. The job's
          // own lease (a scan's row) decides whether it may still finish.
          if (rows.length === 0) clearInterval(renew);
        })
        // The database away: the next renewal tries again.
        .catch(() => {});
    },
    Math.max(500, Math.floor(leaseMs / 3)),
  );
  renew.unref();
  return {
    async release() {
      if (released) return;
      released = true;
      clearInterval(renew);
      await renewing;
      // The database away: the row lapses by itself within the lease.
      await db
        .delete(jobLocks)
        .where(eq(jobLocks.token, token))
        .catch(() => {});
    },
  };
}

/**
 * Frees the locks of `kind` an instance held for these keys: the sweeper, once it ended a lapsed job of that
 * instance (a dead instance's scan), lets its member start another at once instead of waiting out the lock's lease.
 */
export async function releaseLocksOf(
  db: DbOrTx,
  kind: string,
  held: { key: string; owner: string }[],
): Promise<void> {
  for (const { key, owner } of held) {
    await db
      .delete(jobLocks)
      .where(and(eq(jobLocks.kind, kind), eq(jobLocks.key, key), eq(jobLocks.owner, owner)));
  }
}

/** The kinds of job a lock is taken for, one row each while the job runs (the metrics' jobs running). */
export const LOCKED_JOB_KINDS = ['slug_scan', 'site_clone', 'funnel_map'] as const;

/**
 * How many live locks this instance (`owner`: JobRegistry.instanceId) holds now, by kind: its running slug scans,
 * site clones and funnel maps (a funnel map also holds its scan's lock). Lapsed rows of a dead instance are nobody's.
 */
export async function heldLockCounts(db: Db, owner: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ kind: jobLocks.kind, n: sql<number>`count(*)::int` })
    .from(jobLocks)
    .where(and(eq(jobLocks.owner, owner), sql`${jobLocks.expiresAt} > now()`))
    .groupBy(jobLocks.kind);
  return Object.fromEntries(rows.map((row) => [row.kind, row.n]));
}
