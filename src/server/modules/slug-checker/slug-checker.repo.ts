import { and, desc, eq, gte, inArray, isNull, lt, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { FunnelEntry } from '../../../shared/schemas/funnel';
import type { SlugResult } from '../../../shared/schemas/slug-checker';
import type { Db, DbOrTx } from '../../db/client';
import { balanceLedger, slugScans, users } from '../../db/schema/index';
import { releaseLocksOf } from '../../lib/member-lock';
import { creditBalance } from '../balance/balance.repo';

export type SlugScanRow = typeof slugScans.$inferSelect;

export async function readBalanceCents(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db.select({ cents: users.balanceCents }).from(users).where(eq(users.id, userId));
  return rows[0]?.cents ?? 0;
}

/** A lease of `ms` from the database's clock (every instance compares against the same clock). */
const leaseUntil = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

/**
 * Ends the running scans that match `which` (at most `limit`, rows another transaction holds are skipped) as
 * `status`, and gives each one's verification back: the credit and its ledger row, in the caller's transaction.
 * Only a row still 'running' is ended, so a scan is refunded once whoever races for it (sweepers of two instances,
 * the scan's own instance failing at the same moment): the UPDATE re-checks the status after the other commits.
 */
export async function endScansAndRefund(
  tx: DbOrTx,
  which: SQL | undefined,
  status: 'interrupted' | 'failed',
  limit = 100,
): Promise<{ id: string; userId: string; costCents: number; leaseOwner: string | null }[]> {
  const candidates = await tx
    .select({ id: slugScans.id, leaseOwner: slugScans.leaseOwner })
    .from(slugScans)
    .where(and(eq(slugScans.status, 'running'), which))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (candidates.length === 0) return [];
  const ownerOf = new Map(candidates.map((c) => [c.id, c.leaseOwner]));
  const rows = await tx
    .update(slugScans)
    .set({ status, finishedAt: new Date(), refundedAt: new Date(), leaseOwner: null, leaseExpiresAt: null })
    .where(and(inArray(slugScans.id, [...ownerOf.keys()]), eq(slugScans.status, 'running')))
    .returning({ id: slugScans.id, userId: slugScans.userId, costCents: slugScans.costCents });
  const ended = rows.map((scan) => ({ ...scan, leaseOwner: ownerOf.get(scan.id) ?? null }));
  for (const scan of ended) {
    if (scan.costCents <= 0) continue;
    await creditBalance(tx, {
      userId: scan.userId,
      amountCents: scan.costCents,
      reason: 'slug_check',
      reference: `estorno slug_scan:${scan.id}`,
    });
  }
  return ended;
}

/**
 * The debit of one verification, in one transaction: the conditional UPDATE (never below zero, whatever runs
 * in parallel), the ledger row, and the scan's row ('running', leased to `leaseOwner`). A 'running' scan of this
 * member is one a dead instance left (the caller holds the member's scan lock: no other scan of theirs is alive):
 * it is ended 'interrupted' and refunded first. Only the latest `keep` scans are kept. Null when the balance is
 * short (nothing written but that refund).
 */
export async function debitAndCreateScan(
  db: Db,
  input: {
    userId: string;
    costCents: number;
    domain: string;
    origin: string;
    baseSlug?: string;
    keep: number;
    leaseOwner: string;
    leaseMs: number;
  },
): Promise<{ scanId: string; balanceAfterCents: number } | null> {
  // (This instance's own scans with a live lease are left to finish or lapse: they run here, whatever the lock says.
  // A scan of a version without leases (no owner) is dead too: that version held the member's lock while scanning.)
  const leftBehind = and(
    eq(slugScans.userId, input.userId),
    or(
      ne(slugScans.leaseOwner, input.leaseOwner),
      isNull(slugScans.leaseOwner),
      isNull(slugScans.leaseExpiresAt),
      lt(slugScans.leaseExpiresAt, sql`now()`),
    ),
  );
  await db.transaction((tx) => endScansAndRefund(tx, leftBehind, 'interrupted'));
  return db.transaction(async (tx) => {
    const debited = await tx
      .update(users)
      .set({ balanceCents: sql`${users.balanceCents} - ${input.costCents}` })
      .where(and(eq(users.id, input.userId), gte(users.balanceCents, input.costCents)))
      .returning({ balanceCents: users.balanceCents });
    const after = debited[0]?.balanceCents;
    if (after === undefined) return null;
    const [scan] = await tx
      .insert(slugScans)
      .values({
        userId: input.userId,
        domain: input.domain,
        origin: input.origin,
        baseSlug: input.baseSlug ?? null,
        costCents: input.costCents,
        leaseOwner: input.leaseOwner,
        leaseExpiresAt: leaseUntil(input.leaseMs),
      })
      .returning({ id: slugScans.id });
    const scanId = (scan as { id: string }).id;
    // A free scan (the administrator's funnel map) leaves no line in the balance history.
    if (input.costCents > 0)
      await tx.insert(balanceLedger).values({
        userId: input.userId,
        amountCents: -input.costCents,
        balanceAfterCents: after,
        reason: 'slug_check',
        reference: `slug_scan:${scanId}`,
      });
    const kept = tx
      .select({ id: slugScans.id })
      .from(slugScans)
      .where(eq(slugScans.userId, input.userId))
      .orderBy(desc(slugScans.createdAt), desc(slugScans.id))
      .limit(input.keep);
    await tx.delete(slugScans).where(and(eq(slugScans.userId, input.userId), notInArray(slugScans.id, kept)));
    return { scanId, balanceAfterCents: after };
  });
}

/** Gives a scan's verification back and ends it as `status` (a failure of ours, or this instance shutting down). */
export async function refundScan(db: Db, scanId: string, status: 'failed' | 'interrupted'): Promise<boolean> {
  const ended = await db.transaction((tx) => endScansAndRefund(tx, eq(slugScans.id, scanId), status));
  return ended.length > 0;
}

/**
 * Every instance's sweeper: the running scans whose lease lapsed (their instance died or lost the database for a
 * whole lease) end 'interrupted' and are refunded, a batch at a time. Returns how many.
 */
export async function sweepLapsedScans(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const ended = await db.transaction(async (tx) => {
      const lapsed = await endScansAndRefund(tx, lt(slugScans.leaseExpiresAt, sql`now()`), 'interrupted');
      // Their instance is gone: its scan locks on these members go with the scans (no wait for the locks' lease).
      await releaseLocksOf(
        tx,
        'slug_scan',
        lapsed.flatMap((s) => (s.leaseOwner ? [{ key: s.userId, owner: s.leaseOwner }] : [])),
      );
      return lapsed;
    });
    total += ended.length;
    if (ended.length < 100) return total;
  }
}

const countsOf = (results: SlugResult[]) => ({
  totalTested: results.length,
  validUrls: results.filter((r) => r.isValid).length,
  redirects: results.filter((r) => r.status >= 300 && r.status < 400 && !r.softNotFound).length,
  softNotFound: results.filter((r) => r.softNotFound).length,
});

/**
 * A running scan's progress, written as it goes: the new results appended, the counts increased, the total set
 * and the lease renewed, in one UPDATE of the scan still running under this owner. False when it is not (the lease
 * lapsed and another instance ended and refunded it): the scan must stop.
 */
export async function recordScanProgress(
  db: DbOrTx,
  input: { scanId: string; owner: string; leaseMs: number; totalSlugs?: number; results: SlugResult[] },
): Promise<boolean> {
  const counts = countsOf(input.results);
  const rows = await db
    .update(slugScans)
    .set({
      leaseExpiresAt: leaseUntil(input.leaseMs),
      ...(input.totalSlugs !== undefined ? { totalSlugs: input.totalSlugs } : {}),
      ...(input.results.length > 0
        ? {
            results: sql`${slugScans.results} || ${JSON.stringify(input.results)}::jsonb`,
            totalTested: sql`${slugScans.totalTested} + ${counts.totalTested}`,
            validUrls: sql`${slugScans.validUrls} + ${counts.validUrls}`,
            redirects: sql`${slugScans.redirects} + ${counts.redirects}`,
            softNotFound: sql`${slugScans.softNotFound} + ${counts.softNotFound}`,
          }
        : {}),
    })
    .where(
      and(
        eq(slugScans.id, input.scanId),
        eq(slugScans.status, 'running'),
        eq(slugScans.leaseOwner, input.owner),
      ),
    )
    .returning({ id: slugScans.id });
  return rows.length > 0;
}

/** The scan's end (every result in slug order, the final counts), if it is still this owner's running scan. */
export async function finishScan(
  db: DbOrTx,
  scanId: string,
  input: {
    owner: string;
    status: 'done' | 'stopped';
    results: SlugResult[];
    /** The pages found sorted by funnel step, their pictures still to be taken when `screenshotsPending`. */
    funnel: FunnelEntry[];
    screenshotsPending: boolean;
  },
): Promise<boolean> {
  const { results } = input;
  const rows = await db
    .update(slugScans)
    .set({
      status: input.status,
      finishedAt: new Date(),
      leaseOwner: null,
      leaseExpiresAt: null,
      ...countsOf(results),
      results,
      funnel: input.funnel,
      funnelScreenshotsPending: input.screenshotsPending,
    })
    .where(
      and(eq(slugScans.id, scanId), eq(slugScans.status, 'running'), eq(slugScans.leaseOwner, input.owner)),
    )
    .returning({ id: slugScans.id });
  return rows.length > 0;
}

const summaryColumns = {
  id: slugScans.id,
  domain: slugScans.domain,
  baseSlug: slugScans.baseSlug,
  status: slugScans.status,
  createdAt: slugScans.createdAt,
  finishedAt: slugScans.finishedAt,
  totalTested: slugScans.totalTested,
  validUrls: slugScans.validUrls,
  redirects: slugScans.redirects,
  softNotFound: slugScans.softNotFound,
  totalSlugs: slugScans.totalSlugs,
  costCents: slugScans.costCents,
  refundedAt: slugScans.refundedAt,
};

export async function listScans(db: DbOrTx, userId: string, limit: number) {
  return db
    .select(summaryColumns)
    .from(slugScans)
    .where(eq(slugScans.userId, userId))
    .orderBy(desc(slugScans.createdAt), desc(slugScans.id))
    .limit(limit);
}

const funnelColumns = {
  funnel: slugScans.funnel,
  funnelScreenshotsPending: slugScans.funnelScreenshotsPending,
};

export async function findScan(db: DbOrTx, userId: string, scanId: string) {
  const rows = await db
    .select({ ...summaryColumns, ...funnelColumns, results: slugScans.results })
    .from(slugScans)
    .where(and(eq(slugScans.id, scanId), eq(slugScans.userId, userId)))
    .limit(1);
  return rows[0];
}

/**
 * A follower's look at a scan (any instance): its state and the results from `from` on (in the order they were
 * written while it runs; in slug order once it ended).
 */
export async function readScanFrom(db: DbOrTx, userId: string, scanId: string, from: number) {
  const rows = await db
    .select({
      ...summaryColumns,
      ...funnelColumns,
      results: sql<
        SlugResult[]
      >`coalesce((select jsonb_agg(e order by n) from jsonb_array_elements(${slugScans.results}) with ordinality as r(e, n) where n > ${from}), '[]'::jsonb)`,
    })
    .from(slugScans)
    .where(and(eq(slugScans.id, scanId), eq(slugScans.userId, userId)))
    .limit(1);
  return rows[0];
}
