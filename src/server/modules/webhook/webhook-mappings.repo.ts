import { desc, eq, inArray } from 'drizzle-orm';
import type { PlanSlug } from '../../../shared/schemas/admin';
import type { DbOrTx } from '../../db/client';
import { webhookProductMap } from '../../db/schema/index';

export type WebhookMappingRow = typeof webhookProductMap.$inferSelect;

export const DEFAULT_PLAN: PlanSlug = 'mentoria-mensal';

export function listWebhookMappings(db: DbOrTx): Promise<WebhookMappingRow[]> {
  return db.select().from(webhookProductMap).orderBy(desc(webhookProductMap.createdAt));
}

/** Inserts a mapping; undefined when one already exists for that product and offer (unique index). */
export async function insertWebhookMapping(
  db: DbOrTx,
  input: { productId: string; offerId: string | null; planType: PlanSlug },
): Promise<WebhookMappingRow | undefined> {
  const rows = await db.insert(webhookProductMap).values(input).onConflictDoNothing().returning();
  return rows[0];
}

export async function deleteWebhookMapping(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhookProductMap)
    .where(eq(webhookProductMap.id, id))
    .returning({ id: webhookProductMap.id });
  return rows.length > 0;
}

/**
 * The plan of a delivery: a mapping of one of its products (one whose offer is the delivery's offer
 * first, then one for any offer), else a mapping of the offer id used as product id, else the default
 * (`mapped: false`, which the admin's history flags).
 */
export async function resolvePlan(
  db: DbOrTx,
  productIds: string[],
  offerId: string | null,
): Promise<{ plan: PlanSlug; mapped: boolean }> {
  const candidates = [...productIds, ...(offerId ? [offerId] : [])];
  if (candidates.length === 0) return { plan: DEFAULT_PLAN, mapped: false };
  const rows = await db
    .select()
    .from(webhookProductMap)
    .where(inArray(webhookProductMap.productId, candidates));
  const find = (productId: string, offer: string | null) =>
    rows.find((r) => r.productId === productId && r.offerId === offer);
  const byProduct =
    (offerId ? productIds.map((id) => find(id, offerId)).find(Boolean) : undefined) ??
    productIds.map((id) => find(id, null)).find(Boolean);
  const byOffer = offerId ? (find(offerId, offerId) ?? find(offerId, null)) : undefined;
  const found = byProduct ?? byOffer;
  return found ? { plan: found.planType, mapped: true } : { plan: DEFAULT_PLAN, mapped: false };
}
