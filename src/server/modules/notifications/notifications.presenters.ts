import type { AdminNotification, MemberNotification } from '../../../shared/schemas/notifications';

type Dated<T> = Omit<T, 'createdAt'> & { createdAt: Date };

/** One copy in the member's bell. */
export const presentMemberNotification = (row: Dated<MemberNotification>): MemberNotification => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** A notice to everyone in the administrator's history, with how many users still hold a copy. */
export const presentAdminNotification = (row: Dated<AdminNotification>): AdminNotification => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});
