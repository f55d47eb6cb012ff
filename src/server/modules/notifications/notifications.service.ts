import type { AdminNotification, MemberNotification } from '../../../shared/schemas/notifications';
import type { Db, DbOrTx } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { presentAdminNotification } from './notifications.presenters';
import {
  countUnreadNotifications,
  createNotificationForAll,
  deleteAllUserNotifications,
  deleteNotification,
  deleteUserNotification,
  listNotificationsWithRecipients,
  listUserNotifications,
  markNotificationRead,
} from './notifications.repo';

const NOT_FOUND = 'Notificação não encontrada.';

// ---- The member's bell: their own copies of the notifications.

export function listMemberNotifications(db: DbOrTx, userId: string): Promise<MemberNotification[]> {
  return listUserNotifications(db, userId);
}

export function countMemberUnread(db: DbOrTx, userId: string): Promise<number> {
  return countUnreadNotifications(db, userId);
}

export async function readMemberNotification(db: DbOrTx, userId: string, id: string): Promise<void> {
  if (!(await markNotificationRead(db, userId, id))) throw new NotFoundError(NOT_FOUND);
}

export async function removeMemberNotification(db: DbOrTx, userId: string, id: string): Promise<void> {
  if (!(await deleteUserNotification(db, userId, id))) throw new NotFoundError(NOT_FOUND);
}

/** Clears the member's bell; answers how many copies went. */
export function clearMemberNotifications(db: DbOrTx, userId: string): Promise<number> {
  return deleteAllUserNotifications(db, userId);
}

// ---- The administrator's notices to everyone.

export function listNotificationsForAdmin(db: DbOrTx): Promise<AdminNotification[]> {
  return listNotificationsWithRecipients(db);
}

/** A notice delivered (unread) to every user that exists now, in one transaction. */
export async function sendNotificationToAll(
  db: Db,
  input: { title: string; description: string },
): Promise<AdminNotification> {
  const created = await db.transaction((tx) => createNotificationForAll(tx, input));
  return presentAdminNotification(created);
}

/** Deletes a notice to everyone for every user. */
export async function removeNotificationForAll(db: DbOrTx, id: string): Promise<void> {
  if (!(await deleteNotification(db, id))) throw new NotFoundError(NOT_FOUND);
}
