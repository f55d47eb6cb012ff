import { ECDH } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { NotificationKind } from '../../../shared/schemas/notifications';
import {
  MAX_PUSH_DEVICES,
  PUSH_ENDPOINT_MESSAGE,
  PUSH_KEYS_MESSAGE,
  type PushMessage,
  type PushSubscriptionInput,
} from '../../../shared/schemas/push';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { safeEqual } from '../../lib/crypto';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { isAllowedAddress, isLoopbackAddress } from '../../lib/outbound/address-policy';
import { createGuardedClient } from '../../lib/outbound/guarded-fetch';
import {
  deleteOwnSubscription,
  deleteSubscriptions,
  dropOldestDevices,
  insertSubscription,
  listSubscriptions,
  lockSubscriptionByEndpoint,
  markDelivered,
  markFailed,
  type NewPushSubscription,
  replaceSubscription,
  type StoredPushSubscription,
} from './push.repo';
import { type VapidConfig, vapidDetails } from './vapid-keys';

export type PushConfig = VapidConfig & Pick<AppConfig, 'ALLOW_PRIVATE_NETWORK_TARGETS'>;

export interface PushDeps {
  db: Db;
  config: PushConfig;
  /** Where failed sends are told (never thrown): the app's logger. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/** How long a push service keeps a message for a device that is off (TTL, seconds). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** The longest a push message's title and body are: the rest of the text stays in the club. */
export const PUSH_TITLE_MAX = 80;
export const PUSH_BODY_MAX = 120;
const SEND_TIMEOUT_MS = 10_000;

export const PUSH_SERVICE_UNKNOWN =
  'Endereço de notificação não permitido: ative as notificações num navegador (Chrome, Firefox, Safari ou Edge).';
export const PUSH_DEVICE_TAKEN =
  'Este aparelho recebe as notificações de outra conta. Desative as notificações nele e ative de novo.';
const PRIVATE_NETWORK = 'Endereço de notificação não permitido: aponta para uma rede interna.';

/**
 * The browsers' push services (their endpoints' hosts, over https on the default port): Google's FCM (Chrome,
 * Edge on Android, most Chromium browsers), Mozilla's autopush (Firefox), Apple's (Safari) and Microsoft's WNS
 * (Edge on Windows). A subscription elsewhere is not a browser's: refused.
 */
export function isKnownPushService(host: string): boolean {
  return (
    host === 'fcm.googleapis.com' ||
    host === 'updates.push.services.mozilla.com' ||
    host.endsWith('.push.services.mozilla.com') ||
    host.endsWith('.push.apple.com') ||
    host.endsWith('.notify.windows.com')
  );
}

/**
 * A push endpoint the club will send to: https on a known push service's host (isKnownPushService); loopback over
 * http(s) only with ALLOW_PRIVATE_NETWORK_TARGETS (the tests' push service). An address literal of a private
 * network is refused as such; the host is checked again at every send, and the guarded client checks every address
 * it resolves to.
 */
export function checkPushEndpoint(endpoint: string, allowPrivateNetwork: boolean): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new ValidationError(PUSH_ENDPOINT_MESSAGE);
  }
  if (url.username || url.password || !url.hostname) throw new ValidationError(PUSH_ENDPOINT_MESSAGE);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopback = host === 'localhost' || (isIP(host) !== 0 && isLoopbackAddress(host));
  if (loopback) {
    if (allowPrivateNetwork && (url.protocol === 'https:' || url.protocol === 'http:')) return url;
    throw new ValidationError(PRIVATE_NETWORK);
  }
  if (url.protocol !== 'https:') throw new ValidationError(PUSH_ENDPOINT_MESSAGE);
  if (isIP(host) !== 0 && !isAllowedAddress(host)) throw new ValidationError(PRIVATE_NETWORK);
  if (!isKnownPushService(host) || url.port !== '') throw new ValidationError(PUSH_SERVICE_UNKNOWN);
  return url;
}

/**
 * Whether a device already saved may go to `userId` with these keys: its own member re-subscribing, or another
 * member on the same browser (the same subscription, so the same `auth` secret, compared in constant time). Knowing
 * the endpoint alone never moves it.
 */
function mayTakeDevice(stored: { userId: string; auth: string }, userId: string, auth: string): boolean {
  return stored.userId === userId || safeEqual(stored.auth, auth);
}

/** POST /api/push/subscriptions: this device receives the member's push from now on. */
export async function subscribeDevice(
  deps: PushDeps,
  userId: string,
  input: PushSubscriptionInput,
  userAgent: string | undefined,
): Promise<void> {
  checkPushEndpoint(input.endpoint, deps.config.ALLOW_PRIVATE_NETWORK_TARGETS);
  // A point that is not on P-256 could never be encrypted for: refused now, not failed at every send.
  try {
    ECDH.convertKey(
      Buffer.from(input.keys.p256dh, 'base64url'),
      'prime256v1',
      undefined,
      undefined,
      'compressed',
    );
  } catch {
    throw new ValidationError(PUSH_KEYS_MESSAGE);
  }
  const device: NewPushSubscription = {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh.replace(/=+$/, ''),
    auth: input.keys.auth.replace(/=+$/, ''),
    userAgent: userAgent ? userAgent.slice(0, 200) : null,
  };
  // A known endpoint is locked, then moved only when mayTakeDevice says so. A second try covers a device removed
  // between the insert and the lock (its push service said it was gone).
  await deps.db.transaction(async (tx) => {
    for (let attempt = 0; attempt < 2; attempt++) {
      if (await insertSubscription(tx, device)) break;
      const stored = await lockSubscriptionByEndpoint(tx, device.endpoint);
      if (!stored) continue;
      if (!mayTakeDevice(stored, userId, device.auth)) throw new ForbiddenError(PUSH_DEVICE_TAKEN);
      await replaceSubscription(tx, stored.id, device);
      break;
    }
    await dropOldestDevices(tx, userId, MAX_PUSH_DEVICES);
  });
}

/** DELETE /api/push/subscriptions: only the member's own device; 404 when they have none at that endpoint. */
export async function unsubscribeDevice(deps: PushDeps, userId: string, endpoint: string): Promise<void> {
  if (!(await deleteOwnSubscription(deps.db, userId, endpoint))) {
    throw new NotFoundError('Este aparelho não recebe notificações.');
  }
}

const clip = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

/** A path of the app ('/comunidade?post=...'); anything else (another site, '//host') opens the dashboard. */
const appPath = (url: string) => (/^\/(?![/\\])/.test(url) ? url : '/dashboard');

/** The JSON the service worker shows: title and a short excerpt only, an app path, the kind and the tag. */
export function pushMessage(payload: SendPushPayload): PushMessage {
  return {
    title: clip(payload.title, PUSH_TITLE_MAX),
    body: clip(payload.body, PUSH_BODY_MAX),
    url: appPath(payload.url),
    kind: payload.kind,
    ...(payload.tag ? { tag: payload.tag.slice(0, 64) } : {}),
  };
}

export interface SendPushPayload {
  title: string;
  body: string;
  /** The app path the notification opens. */
  url: string;
  kind: NotificationKind;
  /** A notification with the same tag replaces the previous one on the device (a bundle that grew). */
  tag?: string;
}

export interface SendPushResult {
  /** Devices whose push service accepted the message. */
  sent: number;
  /** Devices removed: their push service answered 404 or 410 (the subscription is gone). */
  removed: number;
  /** Devices that failed otherwise (kept, their `failures` counted). */
  failed: number;
}

type Outcome = 'sent' | 'removed' | 'failed';

/**
 * Sends one push message to every device of the member (encrypted per device, RFC 8291, signed with the club's
 * VAPID key, RFC 8292), through the guarded outbound client: the endpoint was chosen by a browser, so no address of
 * the club's network is ever reached. Never throws: failures are counted in the answer (and logged).
 */
export async function sendPush(
  deps: PushDeps,
  userId: string,
  payload: SendPushPayload,
): Promise<SendPushResult> {
  const result: SendPushResult = { sent: 0, removed: 0, failed: 0 };
  let devices: StoredPushSubscription[];
  let vapid: Awaited<ReturnType<typeof vapidDetails>>;
  try {
    devices = await listSubscriptions(deps.db, userId);
    if (devices.length === 0) return result;
    vapid = await vapidDetails(deps);
  } catch (error) {
    deps.log?.warn({ err: error }, 'push: could not read the devices or the VAPID keys');
    return result;
  }
  const body = JSON.stringify(pushMessage(payload));
  const client = createGuardedClient({
    allowPrivateNetwork: deps.config.ALLOW_PRIVATE_NETWORK_TARGETS,
    connectTimeoutMs: 5_000,
    connectionsPerOrigin: 2,
  });
  const outcomes = new Map<string, Outcome>();
  try {
    await Promise.all(
      devices.map(async (device) => {
        outcomes.set(device.id, await sendOne(deps, client, device, body, vapid));
      }),
    );
  } finally {
    await client.close().catch(() => {});
  }
  const ids = (outcome: Outcome) => [...outcomes].filter(([, o]) => o === outcome).map(([id]) => id);
  result.sent = ids('sent').length;
  result.removed = ids('removed').length;
  result.failed = ids('failed').length;
  try {
    await deleteSubscriptions(deps.db, ids('removed'));
    await markDelivered(deps.db, ids('sent'));
    await markFailed(deps.db, ids('failed'));
  } catch (error) {
    deps.log?.warn({ err: error }, 'push: could not record the sends');
  }
  return result;
}

async function sendOne(
  deps: PushDeps,
  client: ReturnType<typeof createGuardedClient>,
  device: StoredPushSubscription,
  body: string,
  vapid: Awaited<ReturnType<typeof vapidDetails>>,
): Promise<Outcome> {
  try {
    checkPushEndpoint(device.endpoint, deps.config.ALLOW_PRIVATE_NETWORK_TARGETS);
    const details = webpush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      body,
      { TTL: PUSH_TTL_SECONDS, urgency: 'normal', vapidDetails: vapid, contentEncoding: 'aes128gcm' },
    );
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
    const res = await client.request(device.endpoint, {
      method: 'POST',
      headers,
      body: details.body ?? Buffer.alloc(0),
      timeoutMs: SEND_TIMEOUT_MS,
      maxBytes: 64 * 1024,
    });
    await res.discard();
    if (res.status >= 200 && res.status < 300) return 'sent';
    if (res.status === 404 || res.status === 410) return 'removed';
    deps.log?.warn({ status: res.status }, 'push: the push service refused a message');
    return 'failed';
  } catch (error) {
    deps.log?.warn({ err: error }, 'push: a message could not be sent');
    return 'failed';
  }
}
