import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RankingEntry } from '../../../shared/schemas/community';
import { users } from './users';

/**
 * The browsers (device cookie `ce_did`, plugins/device.ts) each member signed in or registered from: only the SHA-256
 * of the cookie's random id. Two accounts seen on one device do not count each other's likes in the monthly ranking
 * (modules/community/like-fairness.ts).
 */
export const userDevices = pgTable(
  'user_devices',
  {
    deviceHash: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstSeen: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeen: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deviceHash, t.userId] }), index('user_devices_user_idx').on(t.userId)],
);

/**
 * A closed São Paulo month's ranking as announced ('YYYY-MM', the places shown then): written once, by the first
 * request that needs it after the month ends (the primary key makes it once per cluster), served from here after.
 */
export const rankingMonths = pgTable('ranking_months', {
  month: text().primaryKey(),
  frozenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  entries: jsonb().$type<RankingEntry[]>().notNull(),
});

/**
 * The administrator's decision on one member's likes received in a month still open ('YYYY-MM'): 'count' counts all
 * of them whatever the rules say, 'exclude' counts none (reason 'admin'). Frozen with the month when it closes.
 */
export const rankingOverrides = pgTable(
  'ranking_overrides',
  {
    month: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    decision: text({ enum: ['count', 'exclude'] }).notNull(),
    decidedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.month, t.userId] })],
);
