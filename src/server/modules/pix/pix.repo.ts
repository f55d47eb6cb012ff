import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pixCharges, users } from '../../db/schema/index';
import { creditBalance } from '../balance/balance.repo';

export type PixChargeRow = typeof pixCharges.$inferSelect;

export async function insertCharge(
  db: DbOrTx,
  values: typeof pixCharges.$inferInsert,
): Promise<PixChargeRow> {
  const [row] = await db.insert(pixCharges).values(values).returning();
  return row as PixChargeRow;
}

export async function findChargeByTxId(db: DbOrTx, txId: string): Promise<PixChargeRow | undefined> {
  const rows = await db.select().from(pixCharges).where(eq(pixCharges.txId, txId)).limit(1);
  return rows[0];
}

export async function markChargeExpired(db: DbOrTx, chargeId: string): Promise<void> {
  await db
    .update(pixCharges)
    .set({ status: 'expired' })
    .where(and(eq(pixCharges.id, chargeId), eq(pixCharges.status, 'pending')));
}

/**
 * Marks the charge paid and credits its amount with the ledger row, in the caller's transaction. Exactly one caller
 * wins, however many run at once (the member's confirmation, the webhook, a replay): the conditional UPDATE
 * leaves 'pending' (or 'expired': the provider said it was paid after all) only once, and the ledger refuses
 * a second 'pix_deposit' row for the same charge. `credited` is false for the others. `simulated` marks the
 * ledger row (no payment stands behind it).
 */
export async function creditPaidCharge(
  tx: DbOrTx,
  chargeId: string,
  options: { simulated: boolean },
): Promise<{ credited: boolean; charge: PixChargeRow | undefined; balanceAfterCents?: number }> {
  const [paid] = await tx
    .update(pixCharges)
    .set({ status: 'paid', paidAt: new Date() })
    .where(and(eq(pixCharges.id, chargeId), inArray(pixCharges.status, ['pending', 'expired'])))
    .returning();
  if (!paid) {
    const [current] = await tx.select().from(pixCharges).where(eq(pixCharges.id, chargeId));
    return { credited: false, charge: current };
  }
  const credit = await creditBalance(tx, {
    userId: paid.userId,
    amountCents: paid.amountCents,
    reason: 'pix_deposit',
    reference: `pix_charge:${paid.id}`,
    simulated: options.simulated,
  });
  if (!credit) throw new Error('PIX charge of a missing member');
  await tx.update(pixCharges).set({ ledgerEntryId: credit.entryId }).where(eq(pixCharges.id, paid.id));
  return {
    credited: true,
    charge: { ...paid, ledgerEntryId: credit.entryId },
    balanceAfterCents: credit.balanceAfterCents,
  };
}

/** The member's name and e-mail (the administrator's notice of a simulated credit names them). */
export async function findMemberLabel(
  db: DbOrTx,
  userId: string,
): Promise<{ name: string; email: string } | undefined> {
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
