import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { balanceLedger, users } from '../../db/schema/index';

export type LedgerReason = (typeof balanceLedger.$inferInsert)['reason'];
export type LedgerRow = typeof balanceLedger.$inferSelect;

/**
 * Credits the member and writes its ledger row, in the caller's transaction (the one place a credit is written:
 * PIX deposits, refunds...). Null when the member does not exist (nothing written).
 */
export async function creditBalance(
  tx: DbOrTx,
  input: {
    userId: string;
    amountCents: number;
    reason: LedgerReason;
    reference: string;
    /** No payment stands behind it (a sandbox top-up in production): the row says so. */
    simulated?: boolean;
  },
): Promise<{ entryId: string; balanceAfterCents: number } | null> {
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
    throw new Error(`creditBalance: amount must be a positive integer of cents (${input.amountCents})`);
  }
  const credited = await tx
    .update(users)
    .set({ balanceCents: sql`${users.balanceCents} + ${input.amountCents}` })
    .where(eq(users.id, input.userId))
    .returning({ balanceCents: users.balanceCents });
  const after = credited[0]?.balanceCents;
  if (after === undefined) return null;
  const [entry] = await tx
    .insert(balanceLedger)
    .values({
      userId: input.userId,
      amountCents: input.amountCents,
      balanceAfterCents: after,
      reason: input.reason,
      reference: input.reference,
      simulated: input.simulated ?? false,
    })
    .returning({ id: balanceLedger.id });
  return { entryId: (entry as { id: string }).id, balanceAfterCents: after };
}

/**
 * One page of the member's ledger, newest first (created_at, then id). `afterId` is the last row of the previous
 * page; a cursor that is not one of this member's rows gives an empty page.
 */
export async function listLedger(
  db: DbOrTx,
  userId: string,
  page: { limit: number; afterId?: string },
): Promise<LedgerRow[]> {
  const mine = eq(balanceLedger.userId, userId);
  let where = mine;
  if (page.afterId) {
    const cursor = db
      .select({ createdAt: balanceLedger.createdAt })
      .from(balanceLedger)
      .where(and(mine, eq(balanceLedger.id, page.afterId)));
    where = and(
      mine,
      or(
        lt(balanceLedger.createdAt, sql`(${cursor})`),
        and(eq(balanceLedger.createdAt, sql`(${cursor})`), lt(balanceLedger.id, page.afterId)),
      ),
    ) as typeof mine;
  }
  return db
    .select()
    .from(balanceLedger)
    .where(where)
    .orderBy(desc(balanceLedger.createdAt), desc(balanceLedger.id))
    .limit(page.limit);
}
