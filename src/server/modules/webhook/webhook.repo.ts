import { and, desc, eq, isNull } from 'drizzle-orm';
import type { PlanSlug } from '../../../shared/schemas/admin';
import type { DbOrTx } from '../../db/client';
import { confirmedPurchases, webhookEvents } from '../../db/schema/index';

export type WebhookEventRow = typeof webhookEvents.$inferSelect;

/**
 * Stores a delivery unless its external Id was already stored (unique index; a concurrent insert of the
 * same Id waits for the first transaction and then does nothing). Returns the new row id, or undefined.
 */
export async function insertWebhookEvent(
  db: DbOrTx,
  input: {
    externalId: string | null;
    eventType: string;
    buyerName: string | null;
    buyerEmail: string | null;
    planType: string | null;
    rawData: string;
    isTest: boolean;
  },
): Promise<string | undefined> {
  const rows = await db
    .insert(webhookEvents)
    .values(input)
    .onConflictDoNothing({ target: webhookEvents.externalId })
    .returning({ id: webhookEvents.id });
  return rows[0]?.id;
}

export async function setWebhookEventOutcome(db: DbOrTx, id: string, outcome: string): Promise<void> {
  await db.update(webhookEvents).set({ outcome }).where(eq(webhookEvents.id, id));
}

export const WEBHOOK_EVENTS_LIMIT = 500;

export function listWebhookEvents(db: DbOrTx): Promise<WebhookEventRow[]> {
  return db
    .select()
    .from(webhookEvents)
    .orderBy(desc(webhookEvents.receivedAt), desc(webhookEvents.id))
    .limit(WEBHOOK_EVENTS_LIMIT);
}

export async function insertConfirmedPurchase(
  db: DbOrTx,
  input: {
    email: string;
    name: string | null;
    phone: string | null;
    offerId: string | null;
    offerName: string | null;
    productId: string | null;
    productName: string | null;
    planType: PlanSlug;
    eventId: string | null;
  },
): Promise<void> {
  await db.insert(confirmedPurchases).values(input).onConflictDoNothing();
}

/** Marks every still-valid purchase of the e-mail as canceled; returns how many. */
export async function cancelConfirmedPurchases(db: DbOrTx, email: string): Promise<number> {
  const rows = await db
    .update(confirmedPurchases)
    .set({ canceledAt: new Date() })
    .where(and(eq(confirmedPurchases.email, email), isNull(confirmedPurchases.canceledAt)))
    .returning({ id: confirmedPurchases.id });
  return rows.length;
}
