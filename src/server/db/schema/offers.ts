import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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
    isApproved: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp({ withTimezone: true }),
    approvedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The catalogue offer created on approval. */
    offerId: text().references(() => offers.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('user_escalated_offers_pending_idx').on(t.isApproved, t.createdAt),
    index('user_escalated_offers_user_idx').on(t.userId),
    check(
      'user_escalated_offers_numbers_non_negative',
      sql`${t.ads} >= 0 and ${t.roas} >= 0 and ${t.ticketCents} >= 0`,
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
