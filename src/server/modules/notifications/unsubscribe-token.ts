import { createHmac } from 'node:crypto';
import { PREFERENCE_KINDS, type PreferenceKind } from '../../../shared/schemas/notifications';
import type { DbOrTx } from '../../db/client';
import { randomToken, safeEqual } from '../../lib/crypto';
import { AppError, ValidationError } from '../../lib/errors';
import { getOrCreateServerKey } from '../../lib/server-keys';

/** How long an e-mail's unsubscribe link works (RFC 8058 asks for "a long time"; a half-year-old mail still stops). */
export const UNSUBSCRIBE_TOKEN_DAYS = 180;
const DAY_MS = 86_400_000;

export const INVALID_UNSUBSCRIBE =
  'Link de descadastro inválido. Escolha o que receber em Meu Perfil, no clube.';
export const EXPIRED_UNSUBSCRIBE =
  'Este link de descadastro expirou. Escolha o que receber em Meu Perfil, no clube.';

/** 410: the link was real but is too old. */
export class ExpiredLinkError extends AppError {
  constructor() {
    super(410, EXPIRED_UNSUBSCRIBE);
  }
}

const keys = new WeakMap<object, Promise<string>>();

/** The key that signs unsubscribe links: made once per club (server_keys), kept per process. */
export function unsubscribeKey(db: DbOrTx): Promise<string> {
  let key = keys.get(db);
  if (!key) {
    key = getOrCreateServerKey(db, 'unsubscribe', () => randomToken(32));
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const mac = (key: string, payload: string) =>
  createHmac('sha256', key).update(payload).digest().subarray(0, 16).toString('base64url');

/** `<user>.<kind>.<expiry day, base 36>.<mac>`: who, which kind, until when, signed. No secret of the member in it. */
export function signUnsubscribeToken(
  key: string,
  userId: string,
  kind: PreferenceKind,
  now = Date.now(),
): string {
  const payload = `${userId}.${kind}.${Math.floor(now / DAY_MS + UNSUBSCRIBE_TOKEN_DAYS).toString(36)}`;
  return `${payload}.${mac(key, payload)}`;
}

/** The member and kind a token names; ValidationError (400) when forged or malformed, ExpiredLinkError (410) when old. */
export function verifyUnsubscribeToken(
  key: string,
  token: string,
  now = Date.now(),
): { userId: string; kind: PreferenceKind } {
  const parts = token.split('.');
  if (parts.length !== 4) throw new ValidationError(INVALID_UNSUBSCRIBE);
  const [userId, kind, expiry, signature] = parts as [string, string, string, string];
  if (!safeEqual(mac(key, `${userId}.${kind}.${expiry}`), signature))
    throw new ValidationError(INVALID_UNSUBSCRIBE);
  const known = PREFERENCE_KINDS.find((k) => k === kind);
  const day = Number.parseInt(expiry, 36);
  if (!known || !/^[0-9a-f-]{36}$/.test(userId) || !Number.isFinite(day)) {
    throw new ValidationError(INVALID_UNSUBSCRIBE);
  }
  if (day * DAY_MS < now) throw new ExpiredLinkError();
  return { userId, kind: known };
}
