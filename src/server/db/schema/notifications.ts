import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    description: text().notNull(),
    /**
     * Null: the administrator's notice to every member (the spec's notifications, listed in the admin's history).
     * Set: a notice for this one member from the app itself (a submission approved, a product to map...).
     */
    recipientUserId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    /** Where the notice leads inside the app (a path such as '/dashboard?tab=subir-oferta'), or null. */
    link: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('notifications_title_length', sql`char_length(${t.title}) <= 255`),
    check('notifications_link_is_path', sql`${t.link} is null or ${t.link} ~ '^/[^/]'`),
    index('notifications_broadcast_idx').on(t.createdAt).where(sql`${t.recipientUserId} is null`),
  ],
);

export const userNotifications = pgTable(
  'user_notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationId: uuid()
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    isRead: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_notifications_user_notification_unique').on(t.userId, t.notificationId),
    index('user_notifications_unread_idx').on(t.userId, t.isRead),
  ],
);
