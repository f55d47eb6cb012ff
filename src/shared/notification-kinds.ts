// What notifies whom and through which channel, without Zod (the client's screens import it; schemas/notifications.ts
// builds the request schemas from it).

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
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

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
