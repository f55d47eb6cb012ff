import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FunnelEntry } from '../../../shared/schemas/funnel';
import { offers } from './offers';
import { slugScans } from './slug-scans';
import { users } from './users';

/**
 * The funnel maps kept on an offer (issue #26): a scan of the offer's site link, its pages sorted by step, that
 * every member reads without paying again. One per offer and São Paulo day (a second map that day returns this one);
 * the latest is the offer's map.
 */
export const offerFunnelMaps = pgTable(
  'offer_funnel_maps',
  {
    id: uuid().primaryKey().defaultRandom(),
    offerId: text()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    /** Who paid for it (null once that account is deleted: the map stays, with the name it had). */
    mappedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    mappedByName: text().notNull(),
    mappedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The São Paulo day of mappedAt: at most one map per offer and day. */
    day: date({ mode: 'string' }).notNull(),
    /** The scanned site (host and port). */
    domain: text().notNull(),
    funnel: jsonb().$type<FunnelEntry[]>().notNull().default(sql`'[]'::jsonb`),
    /** The pages' pictures are still being taken (after the answer). */
    screenshotsPending: boolean().notNull().default(false),
    scanId: uuid().references(() => slugScans.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('offer_funnel_maps_offer_day_unique').on(t.offerId, t.day),
    index('offer_funnel_maps_offer_mapped_idx').on(t.offerId, t.mappedAt),
  ],
);
