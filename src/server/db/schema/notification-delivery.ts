import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { EMAIL_CHOICES, PREFERENCE_KINDS, type PreferenceKind } from '../../../shared/schemas/notifications';
import { notifications } from './notifications';
import { users } from './users';

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A member's channel choices for one kind, only where they differ from DEFAULT_PREFERENCES (a kind without a row
 * follows the defaults, so a changed default reaches everyone who never chose).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<PreferenceKind>().notNull(),
    email: text({ enum: EMAIL_CHOICES }).notNull(),
    push: boolean().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('notification_preferences_kind_known', sql`${t.kind} in (${list(PREFERENCE_KINDS)})`),
    check('notification_preferences_email_known', sql`${t.email} in (${list(EMAIL_CHOICES)})`),
  ],
);

/**
 * The outbox of e-mails and pushes (modules/notifications/delivery): one row per member, notice and channel, written
 * in the transaction that made the bell notice, sent later by whichever instance claims it (FOR UPDATE SKIP LOCKED and
 * a lease), retried with back-off. The bell notice never depends on it. Digest rows have no notice (`notification_id`
 * null) and name their week in `subject`.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationId: uuid().references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text({ enum: ['email', 'push'] }).notNull(),
    kind: text().$type<PreferenceKind>().notNull(),
    /** 'immediate' or 'hourly' (an e-mail waits for its hour and goes with the others of that kind). */
    mode: text({ enum: ['immediate', 'hourly'] }).notNull(),
    /** What else identifies the row (the digest's week: 'digest:2026-W48'). */
    subject: text(),
    dueAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    state: text({ enum: ['pending', 'sent', 'skipped', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    /** Claimed by an instance until then (a dead instance's claim runs out and another sends it). */
    leaseUntil: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    /** Why it was skipped or failed (never the message itself). */
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('notification_deliveries_kind_known', sql`${t.kind} in (${list(PREFERENCE_KINDS)})`),
    check(
      'notification_deliveries_has_subject',
      sql`${t.notificationId} is not null or ${t.subject} is not null`,
    ),
    uniqueIndex('notification_deliveries_once')
      .on(t.notificationId, t.userId, t.channel)
      .where(sql`${t.notificationId} is not null`),
    uniqueIndex('notification_deliveries_subject_once')
      .on(t.subject, t.userId, t.channel)
      .where(sql`${t.subject} is not null`),
    index('notification_deliveries_due_idx').on(t.dueAt).where(sql`${t.state} = 'pending'`),
    index('notification_deliveries_user_idx').on(t.userId),
  ],
);

/**
 * One row per weekly digest: the instance that inserts the week's row queues that week's e-mails; the others find
 * it there and do nothing (modules/notifications/digest.ts).
 */
export const digestRuns = pgTable('digest_runs', {
  /** The São Paulo Monday the week starts on, 'YYYY-MM-DD'. */
  week: text().primaryKey(),
  startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** Members whose digest was queued. */
  queued: integer().notNull().default(0),
});
