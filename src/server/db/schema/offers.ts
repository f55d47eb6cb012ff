import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { USER_OFFER_STATES } from '../../../shared/offer-constants';
import { users } from './users';

/** Scaled offers of the catalogue. Money in integer cents; ROAS as numeric(10,2) read as a number. */
export const offers = pgTable(
  'offers',
  {
    id: text().primaryKey(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    advertiser: text().notNull().default(''),
    creative: text(),
    creativeType: text({ enum: ['image', 'video'] })
      .notNull()
      .default('image'),
    adText: text().notNull().default(''),
    productTitle: text().notNull(),
    status: text({ enum: ['validando', 'pre-escala', 'escalando'] }).notNull(),
    niche: text().notNull(),
    format: text().notNull(),
    language: text().notNull(),
    ads: integer().notNull().default(0),
    roas: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    ticketCents: integer().notNull().default(0),
    /** JSON text {criativo, biblioteca, site, anunciante}; invalid JSON is ignored when read. */
    links: text().notNull().default('{}'),
    visible: boolean().notNull().default(true),
    /** Kept by the like toggle in the same transaction as offer_likes (sortable, never one query per card). */
    likeCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('offers_visible_created_idx').on(t.visible, t.createdAt.desc()),
    index('offers_visible_likes_idx').on(t.visible, t.likeCount.desc()),
    index('offers_visible_roas_idx').on(t.visible, t.roas.desc()),
    index('offers_visible_ads_idx').on(t.visible, t.ads.desc()),
    index('offers_user_idx').on(t.userId),
    // Catalogue filter and search (migration 0002, measured with bench/catalogue-bench.ts): niche, the most
    // selective filter, in the default and the popular order; trigram indexes so ILIKE '%term%' on the three
    // searched columns is a BitmapOr instead of a scan of every offer (for terms of 3 characters or more).
    index('offers_visible_niche_created_idx').on(t.visible, t.niche, t.createdAt.desc()),
    index('offers_visible_niche_likes_idx').on(t.visible, t.niche, t.likeCount.desc()),
    index('offers_advertiser_trgm_idx').using('gin', t.advertiser.op('gin_trgm_ops')),
    index('offers_product_title_trgm_idx').using('gin', t.productTitle.op('gin_trgm_ops')),
    index('offers_ad_text_trgm_idx').using('gin', t.adText.op('gin_trgm_ops')),
    check('offers_status_check', sql`${t.status} in ('validando', 'pre-escala', 'escalando')`),
    check('offers_creative_type_check', sql`${t.creativeType} in ('image', 'video')`),
    check(
      'offers_numbers_non_negative',
      sql`${t.ads} >= 0 and ${t.roas} >= 0 and ${t.ticketCents} >= 0 and ${t.likeCount} >= 0`,
    ),
  ],
);

/**
 * The ad-count history of an offer: one point per offer and São Paulo day (a second count the same day replaces
 * the first). The offer's `ads` is always its latest point; momentum (modules/offers/momentum.ts) is read from here.
 */
export const offerAdCounts = pgTable(
  'offer_ad_counts',
  {
    offerId: text()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    /** The São Paulo calendar day the count is for. */
    day: date({ mode: 'string' }).notNull(),
    ads: integer().notNull(),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.offerId, t.day] }),
    check('offer_ad_counts_ads_non_negative', sql`${t.ads} >= 0`),
  ],
);

/**
 * The alerts a follower (a member who favourited the offer) got about it: one per member, offer, kind ('escalando',
 * 'ads-50', 'ads-100', 'ads-200') and São Paulo day, so a count wobbling around a threshold alerts once a day.
 */
export const offerAlerts = pgTable(
  'offer_alerts',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offerId: text()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.offerId, t.kind, t.day] })],
);

export const offerLikes = pgTable(
  'offer_likes',
  {
    id: uuid().primaryKey().defaultRandom(),
    offerId: text()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('offer_likes_offer_user_unique').on(t.offerId, t.userId),
    index('offer_likes_user_idx').on(t.userId),
    // The monthly ranking reads a month of likes (community/like-fairness.ts).
    index('offer_likes_created_idx').on(t.createdAt),
  ],
);

export const favorites = pgTable(
  'favorites',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offerId: text()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('favorites_user_offer_unique').on(t.userId, t.offerId),
    index('favorites_offer_idx').on(t.offerId),
  ],
);

export const offerStatusReports = pgTable(
  'offer_status_reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    offerId: text()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportedStatus: text({ enum: ['ativo', 'inativo'] }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('offer_status_reports_offer_user_unique').on(t.offerId, t.userId),
    index('offer_status_reports_user_idx').on(t.userId),
    check('offer_status_reports_status_check', sql`${t.reportedStatus} in ('ativo', 'inativo')`),
  ],
);

/** Offers submitted by members ("Subir Oferta"), pending until the administrator approves or rejects them. */
/**
 * Members' submissions ('Subir Oferta'). A submission is kept after the administrator's decision: `state` says
 * which, `decidedAt`/`decidedBy` when and by whom, `refusalReason` the optional reason of a refusal.
 */
export const userEscalatedOffers = pgTable(
  'user_escalated_offers',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creative: text(),
    creativeType: text({ enum: ['image', 'video'] })
      .notNull()
      .default('image'),
    productTitle: text().notNull(),
    /** The advertiser's name as the member typed it ('' when not given). */
    advertiser: text().notNull().default(''),
    adText: text().notNull().default(''),
    advertiserLink: text().notNull().default(''),
    creativeLink: text().notNull().default(''),
    libraryLink: text().notNull().default(''),
    siteLink: text().notNull().default(''),
    status: text({ enum: ['validando', 'pre-escala', 'escalando'] }).notNull(),
    format: text().notNull(),
    language: text().notNull(),
    niche: text().notNull(),
    ads: integer().notNull().default(0),
    roas: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    ticketCents: integer().notNull().default(0),
    state: text({ enum: USER_OFFER_STATES }).notNull().default('pendente'),
    refusalReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The catalogue offer created on approval. */
    offerId: text().references(() => offers.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('user_escalated_offers_state_idx').on(t.state, t.createdAt),
    index('user_escalated_offers_user_idx').on(t.userId, t.createdAt),
    index('user_escalated_offers_created_idx').on(t.createdAt),
    check(
      'user_escalated_offers_numbers_non_negative',
      sql`${t.ads} >= 0 and ${t.roas} >= 0 and ${t.ticketCents} >= 0`,
    ),
    check('user_escalated_offers_state_valid', sql`${t.state} in ('pendente', 'aprovada', 'recusada')`),
    check(
      'user_escalated_offers_decision_consistent',
      sql`(${t.state} = 'pendente') = (${t.decidedAt} is null) and (${t.refusalReason} is null or ${t.state} = 'recusada')`,
    ),
  ],
);

export const banners = pgTable(
  'banners',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** URL from the storage module (the spec's data URL is never stored). */
    imagePath: text().notNull(),
    link: text(),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('banners_one_active').on(t.isActive).where(sql`${t.isActive}`)],
);
