import {
  type NotificationPreferences,
  PREFERENCE_KIND_LABELS,
  type UnsubscribeInfo,
  type UpdateNotificationPreferencesInput,
} from '../../../shared/schemas/notifications';
import type { DbOrTx } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { findRecipient } from './delivery.repo';
import { findPreference, findPreferences, savePreferences } from './preferences.repo';
import { unsubscribeKey, verifyUnsubscribeToken } from './unsubscribe-token';

export function getNotificationPreferences(db: DbOrTx, userId: string): Promise<NotificationPreferences> {
  return findPreferences(db, userId);
}

/** Changes the kinds given (the schema has refused what a kind cannot take) and answers every kind. */
export async function updateNotificationPreferences(
  db: DbOrTx,
  userId: string,
  input: UpdateNotificationPreferencesInput,
): Promise<NotificationPreferences> {
  await savePreferences(db, userId, input);
  return findPreferences(db, userId);
}

const GONE = 'Esta conta não existe mais no clube.';

/** A member's e-mail shown half hidden on the signed-out page ('ma•••@gmail.com'). */
function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}•••@${domain}`;
}

/** What an unsubscribe link stops, for the page that asks before doing it (reads only). */
export async function describeUnsubscribe(db: DbOrTx, token: string): Promise<UnsubscribeInfo> {
  const { userId, kind } = verifyUnsubscribeToken(await unsubscribeKey(db), token);
  const recipient = await findRecipient(db, userId);
  if (!recipient) throw new NotFoundError(GONE);
  return { kind, label: PREFERENCE_KIND_LABELS[kind], email: maskEmail(recipient.email) };
}

/** The one-click unsubscribe (RFC 8058) and the page's button: that kind's e-mail off, push as it was. Idempotent. */
export async function unsubscribeByToken(db: DbOrTx, token: string): Promise<{ message: string }> {
  const { userId, kind } = verifyUnsubscribeToken(await unsubscribeKey(db), token);
  const recipient = await findRecipient(db, userId);
  if (!recipient) throw new NotFoundError(GONE);
  const current = await findPreference(db, userId, kind);
  await savePreferences(db, userId, { [kind]: { email: 'off', push: current.push } });
  return {
    message: `Pronto: você não vai mais receber e-mails de "${PREFERENCE_KIND_LABELS[kind]}". Dá para religar em Meu Perfil.`,
  };
}
