import webpush from 'web-push';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { getOrCreateServerKey } from '../../lib/server-keys';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export type VapidConfig = Pick<
  AppConfig,
  'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'MAIL_FROM' | 'APP_URL' | 'ADMIN_EMAIL'
>;

/**
 * Who runs this club, as push services ask (RFC 8292 `sub`): `mailto:` of MAIL_FROM's address; else APP_URL when
 * it is https; else the administrator's e-mail (web-push refuses anything but https: and mailto:).
 */
export function vapidSubject(config: VapidConfig): string {
  const from = config.MAIL_FROM.match(/<([^<>\s]+@[^<>\s]+)>/)?.[1] ?? config.MAIL_FROM.trim();
  if (/^[^\s@<>]+@[^\s@<>]+$/.test(from)) return `mailto:${from}`;
  if (config.APP_URL.startsWith('https://')) return config.APP_URL;
  return `mailto:${config.ADMIN_EMAIL}`;
}

/** The pair generated once per database, per database handle (a key never changes once made). */
const stored = new WeakMap<Db, Promise<{ publicKey: string; privateKey: string }>>();

function storedPair(db: Db): Promise<{ publicKey: string; privateKey: string }> {
  let pair = stored.get(db);
  if (!pair) {
    pair = getOrCreateServerKey(db, 'vapid', () => JSON.stringify(webpush.generateVAPIDKeys())).then(
      (value) => {
        const parsed = JSON.parse(value) as { publicKey: string; privateKey: string };
        return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
      },
    );
    stored.set(db, pair);
    // A failed read (the database away) is tried again next time, not remembered.
    pair.catch(() => stored.delete(db));
  }
  return pair;
}

/** The VAPID keys: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set, else the pair kept in server_keys ('vapid'). */
export async function vapidDetails(deps: { db: Db; config: VapidConfig }): Promise<VapidDetails> {
  const { config } = deps;
  const pair =
    config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
      ? { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }
      : await storedPair(deps.db);
  return { subject: vapidSubject(config), ...pair };
}
