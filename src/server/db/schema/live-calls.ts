import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The mentoring calls: callTime is the 'HH:MM' the form takes, callDate an optional
 * calendar day kept as a date ('YYYY-MM-DD' in TypeScript, no time zone), link an optional http(s) URL.
 */
export const liveCalls = pgTable(
  'live_calls',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    description: text().notNull(),
    callTime: text().notNull(),
    callDate: date({ mode: 'string' }),
    link: text(),
    status: text({ enum: ['Publicado', 'Aguardando Upload', 'Agendado', 'Adiada'] })
      .notNull()
      .default('Agendado'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The calendars' SEQUENCE: grows by one on every edit and on the deletion (RFC 5545 updates by UID). */
    sequence: integer().notNull().default(0),
    /**
     * Soft delete: a deleted call leaves every list but stays in the calendar feeds as a cancellation for 60 days
     * (so subscribed calendars remove it).
     */
    deletedAt: timestamp({ withTimezone: true }),
    /** When the one-hour reminder was sent (claimed by one instance); null again when the date or time changes. */
    reminderSentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('live_calls_call_date_idx').on(t.callDate, t.createdAt),
    // The reminder schedule's minute look-up: dated calls still to remind.
    index('live_calls_reminder_due_idx')
      .on(t.callDate)
      .where(sql`${t.deletedAt} is null and ${t.reminderSentAt} is null and ${t.callDate} is not null`),
    check(
      'live_calls_status_check',
      sql`${t.status} in ('Publicado', 'Aguardando Upload', 'Agendado', 'Adiada')`,
    ),
    check('live_calls_title_length', sql`char_length(${t.title}) <= 200`),
  ],
);

/**
 * Each member's secret for the calendar feed (`/api/live-calls.ics?token=`): made at the first ask, replaced on
 * reset, deleted whenever all of the member's sessions end (password change or reset, global logout, cancellation).
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** SHA-256 (hex) of the token (32 random bytes, base64url), like sessions: the token itself is never stored. */
  tokenHash: text().notNull().unique('calendar_feeds_token_hash_unique'),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
