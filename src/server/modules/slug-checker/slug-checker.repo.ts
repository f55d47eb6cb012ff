import { and, desc, eq, gte, notInArray, sql } from 'drizzle-orm';
import type { SlugResult } from '../../../shared/schemas/slug-checker';
import type { Db, DbOrTx } from '../../db/client';
import { balanceLedger, slugScans, users } from '../../db/schema/index';
import { creditBalance } from '../balance/balance.repo';

export type SlugScanRow = typeof slugScans.$inferSelect;

export async function readBalanceCents(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db.select({ cents: users.balanceCents }).from(users).where(eq(users.id, userId));
  return rows[0]?.cents ?? 0;
}

/**
 * The debit of one verification, in one transaction: the conditional UPDATE (never below zero, whatever runs
 * in parallel), the ledger row, and the scan's row ('running'). A 'running' scan of this member left by a dead
 * instance becomes 'interrupted' (the caller holds the member's scan lock: no other scan of theirs is alive),
 * and only the latest `keep` scans are kept. Null when the balance is short (nothing written).
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
  },
): Promise<{ scanId: string; balanceAfterCents: number } | null> {
  return db.transaction(async (tx) => {
    const debited = await tx
      .update(users)
      .set({ balanceCents: sql`${users.balanceCents} - ${input.costCents}` })
      .where(and(eq(users.id, input.userId), gte(users.balanceCents, input.costCents)))
      .returning({ balanceCents: users.balanceCents });
    const after = debited[0]?.balanceCents;
    if (after === undefined) return null;
    await tx
      .update(slugScans)
      .set({ status: 'interrupted', finishedAt: new Date() })
      .where(and(eq(slugScans.userId, input.userId), eq(slugScans.status, 'running')));
    const [scan] = await tx
      .insert(slugScans)
      .values({
        userId: input.userId,
        domain: input.domain,
        origin: input.origin,
        baseSlug: input.baseSlug ?? null,
        costCents: input.costCents,
      })
      .returning({ id: slugScans.id });
    const scanId = (scan as { id: string }).id;
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

/** Gives a verification back (the scan failed on our side): the credit, its ledger row and status 'failed'. */
export async function refundScan(db: Db, input: { userId: string; scanId: string; costCents: number }) {
  await db.transaction(async (tx) => {
    const credited = await creditBalance(tx, {
      userId: input.userId,
      amountCents: input.costCents,
      reason: 'slug_check',
      reference: `estorno slug_scan:${input.scanId}`,
    });
    if (!credited) return;
    await tx
      .update(slugScans)
      .set({ status: 'failed', finishedAt: new Date() })
      .where(eq(slugScans.id, input.scanId));
  });
}

export async function finishScan(
  db: DbOrTx,
  scanId: string,
  input: { status: 'done' | 'stopped'; results: SlugResult[] },
) {
  const { results } = input;
  await db
    .update(slugScans)
    .set({
      status: input.status,
      finishedAt: new Date(),
      totalTested: results.length,
      validUrls: results.filter((r) => r.isValid).length,
      redirects: results.filter((r) => r.status >= 300 && r.status < 400 && !r.softNotFound).length,
      softNotFound: results.filter((r) => r.softNotFound).length,
      results,
    })
    .where(eq(slugScans.id, scanId));
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
};

export async function listScans(db: DbOrTx, userId: string, limit: number) {
  return db
    .select(summaryColumns)
    .from(slugScans)
    .where(eq(slugScans.userId, userId))
    .orderBy(desc(slugScans.createdAt), desc(slugScans.id))
    .limit(limit);
}

export async function findScan(db: DbOrTx, userId: string, scanId: string) {
  const rows = await db
    .select({ ...summaryColumns, results: slugScans.results })
    .from(slugScans)
    .where(and(eq(slugScans.id, scanId), eq(slugScans.userId, userId)))
    .limit(1);
  return rows[0];
}
