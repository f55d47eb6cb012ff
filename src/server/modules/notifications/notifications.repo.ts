import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type {
  AdminNotification,
  MemberNotification,
  NotificationKind,
} from '../../../shared/schemas/notifications';
import type { DbOrTx } from '../../db/client';
import { notifications, userNotifications } from '../../db/schema/index';
import { enqueueNoticeDeliveries } from './delivery.repo';
import { presentAdminNotification, presentMemberNotification } from './notifications.presenters';

/**
 * Creates a notification and delivers it (unread) to every user that exists now, in one statement each, with the
 * e-mails their preferences ask for queued in the same transaction.
 */
export async function createNotificationForAll(tx: DbOrTx, input: { title: string; description: string }) {
  const { id, recipients } = await notifyMembers(tx, { ...input, kind: 'admin' }, sql`select id from users`);
  const [created] = await tx
    .select({
      id: notifications.id,
      title: notifications.title,
      description: notifications.description,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(eq(notifications.id, id));
  if (!created) throw new Error('notification insert returned nothing');
  return { ...created, recipients };
}

export interface PersonalNotice {
  kind: NotificationKind;
  title: string;
  description: string;
  /** A path inside the app the bell opens ('/dashboard?tab=subir-oferta'), or none. */
  link?: string | null;
}

/** A notice for one member from the app itself (not listed in the admin's history), delivered unread (e-mail queued as chosen). */
export async function notifyUser(tx: DbOrTx, userId: string, notice: PersonalNotice): Promise<void> {
  const [created] = await tx
    .insert(notifications)
    .values({ ...notice, title: notice.title.slice(0, 255), recipientUserId: userId })
    .returning({ id: notifications.id });
  if (!created) throw new Error('notification insert returned nothing');
  await tx.insert(userNotifications).values({ userId, notificationId: created.id });
  await enqueueNoticeDeliveries(tx, created.id);
}

/** Members a fan-out statement copies a notice to at once (then it lets the database breathe). */
export const FANOUT_CHUNK = 5_000;
/** The pause between two chunks: other members' requests get the CPU the writing PostgreSQL would otherwise take. */
const FANOUT_PAUSE_MS = 5;

/**
 * One notice from the app to many members: ONE notifications row (no recipient, so it is not a notice of the
 * administrator's history, which lists kind 'admin' only) and a copy for every user id `recipientIds` selects
 * (`select id from users where ...`), with the e-mails and pushes each member chose queued. Every fan-out of the app's
 * notices goes through here. The copies go FANOUT_CHUNK members at a time, in id order, in the caller's transaction
 * (all or nothing), with a short pause between chunks. Returns the notice's id and how many members got it.
 */
export async function notifyMembers(
  tx: DbOrTx,
  notice: PersonalNotice,
  recipientIds: SQL,
  chunkSize = FANOUT_CHUNK,
): Promise<{ id: string; recipients: number }> {
  const [created] = await tx
    .insert(notifications)
    .values({ ...notice, title: notice.title.slice(0, 255), recipientUserId: null })
    .returning({ id: notifications.id });
  if (!created) throw new Error('notification insert returned nothing');
  let after: string | null = null;
  let recipients = 0;
  for (;;) {
    const from: SQL = after === null ? sql`` : sql`where r.id > ${after}::uuid`;
    const result: { rows: { last: string | null; ids: string[] | null }[] } = await tx.execute(sql`
      with chunk as (
        select distinct r.id from (${recipientIds}) as r(id) ${from} order by r.id limit ${chunkSize}
      ), copied as (
        insert into user_notifications (user_id, notification_id)
        select id, ${created.id}::uuid from chunk
        on conflict do nothing
        returning user_id
      )
      select (select id::text from chunk order by id desc limit 1) as last,
             (select array_agg(user_id::text) from copied) as ids`);
    const row: { last: string | null; ids: string[] | null } | undefined = result.rows[0];
    const ids = row?.ids ?? [];
    recipients += ids.length;
    if (ids.length > 0) await enqueueNoticeDeliveries(tx, created.id, ids);
    if (!row?.last) break;
    after = row.last;
    await new Promise((resolve) => setTimeout(resolve, FANOUT_PAUSE_MS));
  }
  return { id: created.id, recipients };
}

/** A notice for the administrator's bell (the account with the admin role); nothing when there is none. */
export async function notifyAdmin(tx: DbOrTx, notice: Omit<PersonalNotice, 'kind'>): Promise<void> {
  const rows = await tx.execute<{ id: string }>(sql`select id from users where role = 'admin' limit 1`);
  const adminId = rows.rows[0]?.id;
  if (adminId) await notifyUser(tx, adminId, { ...notice, kind: 'admin' });
}

/** The member's copies, latest event first (a bundled notice moves up); `id` is the notification's id. */
export async function listUserNotifications(db: DbOrTx, userId: string): Promise<MemberNotification[]> {
  const rows = await db
    .select({
      id: notifications.id,
      title: notifications.title,
      description: notifications.description,
      link: notifications.link,
      kind: notifications.kind,
      isRead: userNotifications.isRead,
      createdAt: notifications.updatedAt,
    })
    .from(userNotifications)
    .innerJoin(notifications, eq(notifications.id, userNotifications.notificationId))
    .where(eq(userNotifications.userId, userId))
    .orderBy(desc(notifications.updatedAt), desc(notifications.id));
  return rows.map(presentMemberNotification);
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

/** The admin's history (the administrator's notices to everyone, kind 'admin'; not the app's notices), newest first, with how many users still hold a copy. */
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
    .where(and(isNull(notifications.recipientUserId), eq(notifications.kind, 'admin')))
    .groupBy(notifications.id)
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
  return rows.map(presentAdminNotification);
}

/** Deletes a notice to everyone for every user (the copies cascade); false when there is no such notice. */
export async function deleteNotification(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(
      and(eq(notifications.id, id), isNull(notifications.recipientUserId), eq(notifications.kind, 'admin')),
    )
    .returning({ id: notifications.id });
  return rows.length > 0;
}
