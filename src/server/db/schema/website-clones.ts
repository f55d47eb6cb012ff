import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A member's site clones (issue #14): the ZIP lives in the storage module under `storageKey`, only its owner may
 * download it, and it is removed (row and file) once `expiresAt` (24 h after the clone) has passed.
 */
export const websiteClones = pgTable(
  'website_clones',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The page cloned (after redirects). */
    url: text().notNull(),
    storageKey: text().notNull(),
    /** The page's host and path, then the day in São Paulo, + .zip (`cloneFileName`). */
    fileName: text().notNull(),
    sizeBytes: integer().notNull(),
    fileCount: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('website_clones_user_idx').on(t.userId, t.createdAt),
    index('website_clones_created_idx').on(t.createdAt),
    index('website_clones_expires_idx').on(t.expiresAt),
  ],
);
