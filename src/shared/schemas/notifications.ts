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

/** The kinds a member chooses channels for (GET/PUT /api/user/notification-preferences): every notice kind and the digest. */
export const PREFERENCE_KINDS = [...NOTIFICATION_KINDS, 'digest'] as const;
export type PreferenceKind = (typeof PREFERENCE_KINDS)[number];

export const EMAIL_CHOICES = ['immediate', 'hourly', 'off'] as const;
export type EmailChoice = (typeof EMAIL_CHOICES)[number];

export interface ChannelPreference {
  email: EmailChoice;
  push: boolean;
}

/**
 * What a member gets before choosing anything. Push is on for every notice kind once a device is subscribed (the
 * subscription itself is the member's yes); the digest is e-mail only.
 */
export const DEFAULT_PREFERENCES: Readonly<Record<PreferenceKind, ChannelPreference>> = {
  comment: { email: 'immediate', push: true },
  reply: { email: 'immediate', push: true },
  mention: { email: 'immediate', push: true },
  like: { email: 'hourly', push: true },
  'offer-review': { email: 'immediate', push: true },
  'offer-scaling': { email: 'immediate', push: true },
  'call-reminder': { email: 'immediate', push: true },
  admin: { email: 'hourly', push: true },
  digest: { email: 'immediate', push: false },
};

/** Kinds whose e-mail cannot wait for the hour (a reminder an hour before a call) or has its own rhythm (the weekly digest). */
export const NO_HOURLY_KINDS: ReadonlySet<PreferenceKind> = new Set(['call-reminder', 'digest']);

/** How /perfil and the e-mails name each kind. */
export const PREFERENCE_KIND_LABELS: Readonly<Record<PreferenceKind, string>> = {
  comment: 'Comentários nos meus posts',
  reply: 'Respostas aos meus comentários',
  mention: 'Menções a mim',
  like: 'Curtidas nos meus posts e comentários',
  'offer-review': 'Ofertas que enviei (aprovadas ou recusadas)',
  'offer-scaling': 'Ofertas que sigo escalando',
  'call-reminder': 'Lembrete de call ao vivo (1 hora antes)',
  admin: 'Avisos da administração',
  digest: 'Resumo semanal (para quem não abriu o clube na semana)',
};

export const EMAIL_CHOICE_LABELS: Readonly<Record<EmailChoice, string>> = {
  immediate: 'Na hora',
  hourly: 'A cada hora',
  off: 'Desligado',
};

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
export const unsubscribeInfo = z.object({ kind: z.enum(PREFERENCE_KINDS), label: z.string(), email: z.string() });
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfo>;
export const unsubscribeResult = z.object({ message: z.string() });
