import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SlugResult } from '../../../shared/schemas/slug-checker';
import { users } from './users';

/**
 * A member's slug-checker scans (issue #7): created 'running' in the transaction that debits the balance,
 * finished with its counts and every result. A scan still 'running' when the member starts another one was
 * cut short (its instance died): it becomes 'interrupted'. Only the latest SLUG_SCANS_KEPT are kept.
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
  },
  (t) => [
    index('slug_scans_user_created_idx').on(t.userId, t.createdAt),
    check(
      'slug_scans_status_check',
      sql`${t.status} in ('running', 'done', 'stopped', 'failed', 'interrupted')`,
    ),
  ],
);
