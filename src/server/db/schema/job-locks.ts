import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One long job of a kind at a time per key, across every app instance (lib/member-lock.ts): a member's slug scan or
 * site clone, an offer's funnel map. A row is a lease: its instance renews `expiresAt` every third of the lease while
 * the job runs and deletes the row when it ends; a row past `expiresAt` (its instance died) is free for the next
 * taker. No connection is held while the job waits on the network (issue #24, the connection budget), and nothing
 * in it needs a session, so it works through a transaction pooler.
 */
export const jobLocks = pgTable(
  'job_locks',
  {
    /** What is locked: 'slug_scan', 'site_clone', 'funnel_map'. */
    kind: text().notNull(),
    /** Whose: the member's id (scans, clones) or the offer's (funnel maps). */
    key: text().notNull(),
    /** The instance holding it (JobRegistry.instanceId). */
    owner: text().notNull(),
    /** This taking of the lock: renewals and the release touch only their own. */
    token: uuid().notNull(),
    acquiredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.key] }),
    check('job_locks_kind_check', sql`${t.kind} ~ '^[a-z][a-z_]{0,31}$'`),
  ],
);
