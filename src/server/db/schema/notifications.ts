import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../shared/schemas/notifications';
import { users } from './users';

const kindList = sql.raw(NOTIFICATION_KINDS.map((k) => `'${k}'`).join(', '));

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
    /** What the notice is about (the member's channels and the bell's icon follow it). */
    kind: text().$type<NotificationKind>().notNull().default('admin'),
    /**
     * What activity notices bundle on ('post:<id>', 'comment:<id>'): one notice per recipient, kind and subject
     * within a window (modules/notifications/activity.ts); null for the others.
     */
    subject: text(),
    /** The distinct members whose actions the notice bundles, the latest first (activity notices only). */
    actorIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    /** The first event: a bundling window is counted from here. */
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The latest event: the bell sorts and dates by it. */
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('notifications_title_length', sql`char_length(${t.title}) <= 255`),
    check('notifications_link_is_path', sql`${t.link} is null or ${t.link} ~ '^/[^/]'`),
    check('notifications_kind_known', sql`${t.kind} in (${kindList})`),
    index('notifications_broadcast_idx').on(t.createdAt).where(sql`${t.recipientUserId} is null`),
    index('notifications_bundle_idx')
      .on(t.recipientUserId, t.kind, t.subject, t.createdAt)
      .where(sql`${t.subject} is not null`),
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
