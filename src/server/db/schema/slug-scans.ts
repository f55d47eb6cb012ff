import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FunnelEntry } from '../../../shared/schemas/funnel';
import type { SlugResult } from '../../../shared/schemas/slug-checker';
import { users } from './users';

/**
 * A member's slug-checker scans (issue #7): created 'running' in the transaction that debits the balance, with
 * its results and counts written as it goes (batched), so any instance shows and follows it. A running scan holds
 * a lease (the instance running it and until when), renewed every few seconds; a scan whose lease lapsed (its
 * instance died) is ended 'interrupted' and refunded, once, by any instance (issue #24). Only the latest
 * SLUG_SCANS_KEPT are kept.
 */
export const slugScans = pgTable(
  'slug_scans',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** As the member typed it, normalised (host and port). */
    domain: text().notNull(),
    /** The origin scanned (scheme, host, port). */
    origin: text().notNull(),
    baseSlug: text(),
    status: text({ enum: ['running', 'done', 'stopped', 'failed', 'interrupted'] })
      .notNull()
      .default('running'),
    costCents: integer().notNull(),
    totalTested: integer().notNull().default(0),
    validUrls: integer().notNull().default(0),
    redirects: integer().notNull().default(0),
    softNotFound: integer().notNull().default(0),
    results: jsonb().$type<SlugResult[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    /** Slugs the scan will test (0 until its list is built): the progress any instance shows is tested/total. */
    totalSlugs: integer().notNull().default(0),
    /** The instance running the scan (a random id per process), while it runs. */
    leaseOwner: text(),
    /** While running: the instance renews this every few seconds; past it, the scan is ended and refunded. */
    leaseExpiresAt: timestamp({ withTimezone: true }),
    /** When the verification was given back (interrupted or failed on our side); null: charged. */
    refundedAt: timestamp({ withTimezone: true }),
    /** The pages found sorted by funnel step (issue #26), once the scan is done; null before (or an older scan). */
    funnel: jsonb().$type<FunnelEntry[]>(),
    /** The funnel's pictures are still being taken (after the answer). */
    funnelScreenshotsPending: boolean().notNull().default(false),
  },
  (t) => [
    index('slug_scans_user_created_idx').on(t.userId, t.createdAt),
    index('slug_scans_created_idx').on(t.createdAt),
    index('slug_scans_running_lease_idx').on(t.leaseExpiresAt).where(sql`${t.status} = 'running'`),
    check(
      'slug_scans_status_check',
      sql`${t.status} in ('running', 'done', 'stopped', 'failed', 'interrupted')`,
    ),
  ],
);
