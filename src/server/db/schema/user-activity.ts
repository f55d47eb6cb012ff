import { date, index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The São Paulo days a member opened the club: written at sign-in and when a session is renewed on use (at most
 * hourly per session), one row per member per day (the owner's dashboard counts active members from it).
 */
export const userActivityDays = pgTable(
  'user_activity_days',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index('user_activity_days_day_idx').on(t.day)],
);
