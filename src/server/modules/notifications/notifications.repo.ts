import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AdminNotification, MemberNotification } from '../../../shared/schemas/notifications';
import type { DbOrTx } from '../../db/client';
import { notifications, userNotifications } from '../../db/schema/index';

/** Creates a notification and delivers it (unread) to every user that exists now, in one statement each. */
export async function createNotificationForAll(tx: DbOrTx, input: { title: string; description: string }) {
  const [created] = await tx.insert(notifications).values(input).returning();
  if (!created) throw new Error('notification insert returned nothing');
  const delivered = await tx.execute(
    sql`insert into user_notifications (user_id, notification_id) select id, ${created.id}::uuid from users`,
  );
  return { ...created, recipients: delivered.rowCount ?? 0 };
}

/** The member's copies, newest first; `id` is the notification's id. */
export async function listUserNotifications(db: DbOrTx, userId: string): Promise<MemberNotification[]> {
  const rows = await db
    .select({
      id: notifications.id,
      title: notifications.title,
      description: notifications.description,
      isRead: userNotifications.isRead,
      createdAt: notifications.createdAt,
    })
    .from(userNotifications)
    .innerJoin(notifications, eq(notifications.id, userNotifications.notificationId))
    .where(eq(userNotifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function countUnreadNotifications(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userNotifications)
    .where(and(eq(userNotifications.userId, userId), eq(userNotifications.isRead, false)));
  return row?.n ?? 0;
}

const ownCopy = (userId: string, notificationId: string) =>
  and(eq(userNotifications.userId, userId), eq(userNotifications.notificationId, notificationId));

/** Marks the member's copy read; false when the member has no such notification. */
export async function markNotificationRead(db: DbOrTx, userId: string, notificationId: string) {
  const rows = await db
    .update(userNotifications)
    .set({ isRead: true })
    .where(ownCopy(userId, notificationId))
    .returning({ id: userNotifications.id });
  return rows.length > 0;
}

/** Removes only the member's copy; false when the member has no such notification. */
export async function deleteUserNotification(db: DbOrTx, userId: string, notificationId: string) {
  const rows = await db
    .delete(userNotifications)
    .where(ownCopy(userId, notificationId))
    .returning({ id: userNotifications.id });
  return rows.length > 0;
}

/** 'Limpar todas': removes every copy the member has; returns how many. */
export async function deleteAllUserNotifications(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .delete(userNotifications)
    .where(eq(userNotifications.userId, userId))
    .returning({ id: userNotifications.id });
  return rows.length;
}

/** The admin's history, newest first, with how many users still hold a copy. */
export async function listNotificationsWithRecipients(db: DbOrTx): Promise<AdminNotification[]> {
  const rows = await db
    .select({
      id: notifications.id,
      title: notifications.title,
      description: notifications.description,
      createdAt: notifications.createdAt,
      recipients: count(userNotifications.id),
    })
    .from(notifications)
    .leftJoin(userNotifications, eq(userNotifications.notificationId, notifications.id))
    .groupBy(notifications.id)
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** Deletes a notification for every user (the copies cascade); false when it does not exist. */
export async function deleteNotification(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(eq(notifications.id, id))
    .returning({ id: notifications.id });
  return rows.length > 0;
}
