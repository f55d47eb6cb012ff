import { z } from './zod';

/** A base64url text (padding tolerated) that decodes to exactly `bytes` bytes; runs in the browser and on the server. */
function decodedLength(text: string): number {
  const bare = text.replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(bare) || bare.length % 4 === 1) return -1;
  return Math.floor((bare.length * 3) / 4);
}

function isUrl(text: string): boolean {
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

const base64UrlKey = (bytes: number, message: string) =>
  z
    .string({ message })
    .max(200, { message })
    .refine((v) => decodedLength(v) === bytes, { message });

export const PUSH_ENDPOINT_MESSAGE = 'Endereço de notificação inválido: use o endereço https do navegador.';
export const PUSH_KEYS_MESSAGE =
  'Chaves de notificação inválidas: ative as notificações de novo neste aparelho.';

/** The push service's URL for one device (what the browser's PushSubscription names). */
export const pushEndpoint = z
  .string({ message: PUSH_ENDPOINT_MESSAGE })
  .trim()
  .min(1, { message: PUSH_ENDPOINT_MESSAGE })
  .max(2048, { message: 'Endereço de notificação longo demais.' })
  .refine(isUrl, { message: PUSH_ENDPOINT_MESSAGE });

/** POST /api/push/subscriptions: the browser's `PushSubscription.toJSON()`. */
export const pushSubscriptionInput = z.object({
  endpoint: pushEndpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      /** The browser's P-256 public key (an uncompressed point, 65 bytes). */
      p256dh: base64UrlKey(65, PUSH_KEYS_MESSAGE),
      /** The authentication secret (16 bytes). */
      auth: base64UrlKey(16, PUSH_KEYS_MESSAGE),
    },
    { message: PUSH_KEYS_MESSAGE },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

/** DELETE /api/push/subscriptions. */
export const pushEndpointInput = z.object({ endpoint: pushEndpoint });
export type PushEndpointInput = z.infer<typeof pushEndpointInput>;

/** GET /api/push/vapid-public-key: the applicationServerKey of `pushManager.subscribe`, base64url. */
export const vapidPublicKey = z.object({ key: z.string() });
export type VapidPublicKey = z.infer<typeof vapidPublicKey>;

/** The most devices one member receives push on; subscribing another drops the oldest. */
export const MAX_PUSH_DEVICES = 10;

/**
 * What a push message carries, as the service worker reads it (JSON, a few hundred bytes): no private text beyond the
 * title and a short excerpt; `url` is a path of the app the notification opens.
 */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  kind: string;
  tag?: string;
}
