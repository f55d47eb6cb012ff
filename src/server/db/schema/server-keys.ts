import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Keys the app makes for itself at first use and every instance shares (lib/server-keys.ts): the VAPID key pair of
 * web push, the key that signs the e-mails' unsubscribe links. Never shown to anyone, never logged; backups carry
 * them like any table (a restored club keeps its push subscriptions and its links working).
 */
export const serverKeys = pgTable(
  'server_keys',
  {
    name: text().primaryKey(),
    value: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('server_keys_name_format', sql`${t.name} ~ '^[a-z][a-z0-9-]{0,62}$'`)],
);
