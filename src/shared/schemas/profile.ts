import { z } from './zod';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TOO_LARGE = 'A imagem deve ter menos de 5MB';
export const AVATAR_NOT_IMAGE = 'Por favor, selecione uma imagem válida';

/** Instagram handle without '@' (the client strips it; the server strips it too). */
export const instagramHandle = z
  .string()
  .trim()
  .transform((v) => v.replace(/^@+/, ''))
  .pipe(
    z
      .string()
      .max(100, { message: 'O Instagram deve ter no máximo 100 caracteres.' })
      .regex(/^[A-Za-z0-9._]*$/, { message: 'Use apenas letras, números, ponto e sublinhado no Instagram.' }),
  );

export const profile = z.object({ instagram: z.string().nullable(), avatar: z.string().nullable() });
export type Profile = z.infer<typeof profile>;

/** PUT /api/user/profile. `avatar` is a URL returned by POST /api/user/avatar (this app's storage only). */
export const updateProfileInput = z.object({
  instagram: instagramHandle.optional().nullable(),
  avatar: z.string().max(500).optional().nullable(),
});

export type UpdateProfileInput = z.input<typeof updateProfileInput>;

/** POST /api/user/avatar (multipart, field 'file'): the stored image's URL, to send in PUT /api/user/profile. */
export const avatarUploadResult = z.object({ url: z.string() });
export type AvatarUploadResult = z.infer<typeof avatarUploadResult>;

export const likesTotal = z.object({ likes: z.number().int() });
export type LikesTotal = z.infer<typeof likesTotal>;
/**
 * How this club takes PIX top-ups (the server's PIX_PROVIDER): 'sandbox' simulates the payment, 'woovi' takes real
 * ones, 'off' takes none (the screens send the member to the support instead of a top-up that would fail).
 */
export const PIX_TOP_UP_MODES = ['sandbox', 'woovi', 'off'] as const;
export type PixTopUpMode = (typeof PIX_TOP_UP_MODES)[number];

/** GET /api/user/balance: reais, and whether a PIX top-up is possible here. */
export const balance = z.object({ balance: z.number(), pixTopUp: z.enum(PIX_TOP_UP_MODES) });
export type Balance = z.infer<typeof balance>;

/**
 * GET /api/user/membership: the signed-in member's plan as the checkout's webhooks recorded it. `since` is the first
 * still-valid purchase (or the account's creation when there is none, e.g. the administrator); `renewsAt` is the
 * next charge the checkout announced, when it did. `canceledAt`/`endedBy`: when no purchase is valid any more, the date
 * and kind of the checkout's event that ended it (cancellation, expiry, refund, chargeback; `endedBy` null when the
 * club knows only the date it ended the purchases), else null.
 */
export const MEMBERSHIP_ENDINGS = [
  'subscription_canceled',
  'subscription_expired',
  'payment_refund',
  'payment_chargeback',
] as const;
export const membership = z.object({
  planName: z.string(),
  isAdmin: z.boolean(),
  since: z.string(),
  lastPaymentAt: z.string().nullable(),
  renewsAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  endedBy: z.enum(MEMBERSHIP_ENDINGS).nullable(),
  points: z.number().int(),
});
export type Membership = z.infer<typeof membership>;
