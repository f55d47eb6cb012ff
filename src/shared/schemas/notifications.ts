import { z } from './zod';

export const NOTIFICATION_FORM_MESSAGE = 'Por favor, preencha o título e a descrição.';

export const createNotificationInput = z.object({
  title: z
    .string({ message: NOTIFICATION_FORM_MESSAGE })
    .trim()
    .min(1, { message: NOTIFICATION_FORM_MESSAGE })
    .max(255, { message: 'O título deve ter no máximo 255 caracteres.' }),
  description: z
    .string({ message: NOTIFICATION_FORM_MESSAGE })
    .trim()
    .min(1, { message: NOTIFICATION_FORM_MESSAGE })
    .max(5000, { message: 'A descrição deve ter no máximo 5000 caracteres.' }),
});
export type CreateNotificationInput = z.infer<typeof createNotificationInput>;

/** What a notice is about: activity in the community, an offer, a call, or the administrator. */
export const NOTIFICATION_KINDS = [
  'comment',
  'reply',
  'mention',
  'like',
  'offer-review',
  'offer-scaling',
  'call-reminder',
  'admin',
] as const;
export const notificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKind>;

/** A member's view (GET /api/notifications): `id` is the notification id. */
export const memberNotification = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** A path inside the app the notice leads to (a submission, a product to map), or null. */
  link: z.string().nullable(),
  kind: notificationKind,
  isRead: z.boolean(),
  /** When the latest event it tells of happened (a bundled notice moves up with each new event). */
  createdAt: z.string(),
});
export type MemberNotification = z.infer<typeof memberNotification>;
export const memberNotificationList = z.array(memberNotification);

export const unreadCount = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCount>;

/** The admin's history (GET /api/admin/notifications). */
export const adminNotification = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  createdAt: z.string(),
  recipients: z.number().int(),
});
export type AdminNotification = z.infer<typeof adminNotification>;
export const adminNotificationList = z.array(adminNotification);
