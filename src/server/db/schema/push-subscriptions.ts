import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One browser (device) that receives the member's web push: the push service's endpoint and the keys that encrypt
 * for it (RFC 8291). The endpoint is unique: a device that changes hands moves to the member who subscribed it last,
 * and only with the same `auth` secret (the same browser subscription): knowing the endpoint alone moves nothing.
 * Removed when the push service answers 404/410; `failures` counts other failed sends since the last success.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull().unique(),
    /** The browser's P-256 public key, base64url (65 bytes decoded). */
    p256dh: text().notNull(),
    /** The auth secret, base64url (16 bytes decoded). */
    auth: text().notNull(),
    /** The browser that subscribed, cut short (to tell devices apart). */
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp({ withTimezone: true }),
    failures: integer().notNull().default(0),
  },
  (t) => [
    index('push_subscriptions_user_idx').on(t.userId, t.createdAt),
    check('push_subscriptions_endpoint_length', sql`char_length(${t.endpoint}) <= 2048`),
    check('push_subscriptions_user_agent_length', sql`char_length(${t.userAgent}) <= 200`),
  ],
);
