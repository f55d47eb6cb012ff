import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const PLAN_SLUGS = ['gratuito', 'mentoria-mensal', 'mentoria-semestral'] as const;

/** A purchase confirmed by the checkout: it is what allows an e-mail to register and log in. */
export const confirmedPurchases = pgTable(
  'confirmed_purchases',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Lower-cased. */
    email: text().notNull(),
    name: text(),
    phone: text(),
    offerId: text(),
    offerName: text(),
    productId: text(),
    productName: text(),
    planType: text({ enum: PLAN_SLUGS }).notNull().default('mentoria-mensal'),
    /** The webhook event (Lastlink Id) that recorded it. */
    eventId: text(),
    /** The subscription's next charge as the checkout announced it (`Data.Purchase.NextBilling`), if any. */
    nextBillingAt: timestamp({ withTimezone: true }),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set by a cancellation, expiry, refund or chargeback for this e-mail. */
    canceledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('confirmed_purchases_email_idx').on(t.email),
    uniqueIndex('confirmed_purchases_event_unique').on(t.eventId),
  ],
);

export const webhookProductMap = pgTable(
  'webhook_product_map',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: text().notNull(),
    offerId: text(),
    planType: text({ enum: PLAN_SLUGS }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_product_map_product_offer_unique').on(t.productId, sql`coalesce(${t.offerId}, '')`),
    check(
      'webhook_product_map_plan_check',
      sql`${t.planType} in ('gratuito', 'mentoria-mensal', 'mentoria-semestral')`,
    ),
  ],
);

export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Lastlink's delivery Id; repeats of one Id are acknowledged and not acted on twice. */
    externalId: text(),
    eventType: text().notNull(),
    buyerName: text(),
    buyerEmail: text(),
    planType: text(),
    /**
     * For a purchase, or another delivery naming a product: true when an administrator's mapping chose its plan, false
     * when no mapping matched (or the purchase named no product or offer) and the default plan was used (the history
     * flags it). Null: another event naming no product, or stored before this rule.
     */
    planMapped: boolean(),
    rawData: text().notNull(),
    isTest: boolean().notNull().default(false),
    /** What the app did with it, in Portuguese, for the admin's history. */
    outcome: text(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_events_external_id_unique').on(t.externalId),
    index('webhook_events_received_idx').on(t.receivedAt),
    index('webhook_events_type_idx').on(t.eventType),
  ],
);
