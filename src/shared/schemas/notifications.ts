import {
  type ChannelPreference,
  EMAIL_CHOICES,
  NO_HOURLY_KINDS,
  NOTIFICATION_KINDS,
  PREFERENCE_KIND_LABELS,
  PREFERENCE_KINDS,
  type PreferenceKind,
} from '../notification-kinds';
import { z } from './zod';

export * from '../notification-kinds';

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

export const notificationKind = z.enum(NOTIFICATION_KINDS);

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

const channelPreference = z.strictObject({
  email: z.enum(EMAIL_CHOICES, { message: "O e-mail deve ser 'immediate', 'hourly' ou 'off'." }),
  push: z.boolean({ message: 'O push deve ser verdadeiro ou falso.' }),
});

/** GET answer: every kind. */
export const notificationPreferences = z.strictObject(
  Object.fromEntries(PREFERENCE_KINDS.map((kind) => [kind, channelPreference])) as Record<
    PreferenceKind,
    typeof channelPreference
  >,
);
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/** PUT body: the kinds to change (the others stay as they are); an unknown kind is refused. */
export const updateNotificationPreferencesInput = notificationPreferences
  .partial()
  .superRefine((value, ctx) => {
    for (const [kind, choice] of Object.entries(value) as [PreferenceKind, ChannelPreference | undefined][]) {
      if (!choice) continue;
      if (choice.email === 'hourly' && NO_HOURLY_KINDS.has(kind)) {
        ctx.addIssue({
          code: 'custom',
          path: [kind, 'email'],
          message: `'${PREFERENCE_KIND_LABELS[kind]}' vai na hora ou fica desligado: 'hourly' não vale aqui.`,
        });
      }
      if (kind === 'digest' && choice.push) {
        ctx.addIssue({ code: 'custom', path: [kind, 'push'], message: 'O resumo semanal é só por e-mail.' });
      }
    }
  });
export type UpdateNotificationPreferencesInput = z.infer<typeof updateNotificationPreferencesInput>;

/** GET /api/notifications/unsubscribe?token=: what the signed-out page confirms before the member clicks. */
export const unsubscribeTokenQuery = z.object({
  token: z
    .string({ message: 'Link de descadastro inválido.' })
    .min(10, { message: 'Link de descadastro inválido.' })
    .max(400, { message: 'Link de descadastro inválido.' }),
});
export const unsubscribeInfo = z.object({
  kind: z.enum(PREFERENCE_KINDS),
  label: z.string(),
  email: z.string(),
});
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfo>;
export const unsubscribeResult = z.object({ message: z.string() });
