import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One row per verification mail. The link token and the 6-digit code are stored only as hashes;
 * both are single-use (verified flips once) and expire.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    codeHash: text().notNull(),
    failedAttempts: integer().notNull().default(0),
    verified: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('email_verifications_user_idx').on(t.userId),
    index('email_verifications_token_idx').on(t.tokenHash),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('password_resets_token_idx').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);
