import { and, desc, eq, isNotNull, isNull, lt, max, or, type SQL, sql } from 'drizzle-orm';
import { PLAN_SLUG_LABELS, type PlanSlug } from '../../../shared/schemas/admin';
import { MEMBERSHIP_ENDINGS } from '../../../shared/schemas/profile';
import type { DbOrTx } from '../../db/client';
import { confirmedPurchases, membershipEvents, webhookEvents } from '../../db/schema/index';

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
    planMapped: boolean | null;
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

/**
 * One page of the webhook history, newest first (received_at, then id). `beforeId` is the last event of the previous
 * page; an id that is not an event gives an empty page.
 */
export function listWebhookEvents(
  db: DbOrTx,
  page: { limit: number; beforeId?: string },
): Promise<WebhookEventRow[]> {
  let where: SQL | undefined;
  if (page.beforeId) {
    const cursor = db
      .select({ receivedAt: webhookEvents.receivedAt })
      .from(webhookEvents)
      .where(eq(webhookEvents.id, page.beforeId));
    where = or(
      lt(webhookEvents.receivedAt, sql`(${cursor})`),
      and(eq(webhookEvents.receivedAt, sql`(${cursor})`), lt(webhookEvents.id, page.beforeId)),
    );
  }
  return db
    .select()
    .from(webhookEvents)
    .where(where)
    .orderBy(desc(webhookEvents.receivedAt), desc(webhookEvents.id))
    .limit(page.limit);
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
    nextBillingAt: Date | null;
  },
): Promise<void> {
  await db.insert(confirmedPurchases).values(input).onConflictDoNothing();
}

/** The still-valid purchases of this (lower-cased) e-mail, oldest first. */
export function listActivePurchases(db: DbOrTx, email: string) {
  return db
    .select({
      receivedAt: confirmedPurchases.receivedAt,
      nextBillingAt: confirmedPurchases.nextBillingAt,
    })
    .from(confirmedPurchases)
    .where(and(eq(confirmedPurchases.email, email), isNull(confirmedPurchases.canceledAt)))
    .orderBy(confirmedPurchases.receivedAt);
}

type EndingKind = (typeof MEMBERSHIP_ENDINGS)[number];

/**
 * How the membership of this (lower-cased) e-mail ended, when its purchases were ended: the e-mail's latest membership
 * fact (membership_events, dated as the event carries it: CanceledDate, ExpiredDate, else CreatedAt; an ending wins a
 * tie) when it is an ending, else the time the club marked its purchases canceled (a test delivery has no fact), kind
 * unknown. Undefined when no purchase of the e-mail was ever canceled.
 */
export async function findMembershipEnd(
  db: DbOrTx,
  email: string,
): Promise<{ at: Date; kind: EndingKind | null } | undefined> {
  const [latest] = await db
    .select({ kind: membershipEvents.kind, at: membershipEvents.at })
    .from(membershipEvents)
    .where(eq(membershipEvents.email, email))
    .orderBy(
      desc(membershipEvents.at),
      sql`${membershipEvents.kind} in ('purchase_order_confirmed', 'recurrent_payment')`,
    )
    .limit(1);
  const [canceled] = await db
    .select({ at: max(confirmedPurchases.canceledAt) })
    .from(confirmedPurchases)
    .where(and(eq(confirmedPurchases.email, email), isNotNull(confirmedPurchases.canceledAt)));
  if (!canceled?.at) return undefined;
  const kind = MEMBERSHIP_ENDINGS.find((k) => k === latest?.kind);
  return latest && kind ? { at: latest.at, kind } : { at: canceled.at, kind: null };
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

/**
 * A new mapping also corrects the past: the still-valid purchases of its product (and offer, when it names one) that
 * got the default plan because no mapping matched take the mapping's plan, and so do their members (never the
 * administrator). Returns how many purchases changed.
 */
export async function applyMappingToDefaultedPurchases(
  tx: DbOrTx,
  mapping: { productId: string; offerId: string | null; planType: PlanSlug },
): Promise<number> {
  const result = await tx.execute<{ email: string }>(sql`
    with fixed as (
      update ${confirmedPurchases} cp set plan_type = ${mapping.planType}
      where cp.product_id = ${mapping.productId}
        and (${mapping.offerId}::text is null or cp.offer_id = ${mapping.offerId})
        and cp.canceled_at is null
        and cp.plan_type <> ${mapping.planType}
        and exists (
          select 1 from ${webhookEvents} we where we.external_id = cp.event_id and we.plan_mapped = false
        )
      returning cp.email
    ), members as (
      update users u set plan_type = ${PLAN_SLUG_LABELS[mapping.planType]}
      where u.email in (select email from fixed) and u.role <> 'admin'
      returning u.id
    )
    select email from fixed
  `);
  return result.rows.length;
}
