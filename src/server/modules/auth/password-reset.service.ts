import type { ResetPasswordInput } from '../../../shared/schemas/auth';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { removeAdminPasswordFile } from '../../lib/admin-password-file';
import { hashPassword } from '../../lib/crypto';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { findUserByEmail } from '../users/users.repo';
import { passwordResetMail } from './auth.mails';
import {
  consumePasswordReset,
  createPasswordReset,
  findUsablePasswordReset,
  setUserPassword,
} from './auth.repo';
import { type AuthDeps, sendMailOrFail } from './auth.service';
import { endUserSessions } from './sessions.repo';

export const RESET_MESSAGES = {
  emailNotFound: 'E-mail não encontrado',
  sent: 'E-mail enviado! Verifique sua caixa de entrada.',
  done: 'Senha redefinida com sucesso! Faça login com a nova senha.',
  invalid: 'Link de redefinição inválido ou expirado.',
} as const;

const resetLink = (config: AppConfig, token: string) =>
  `${config.APP_URL}/redefinir-senha?${new URLSearchParams({ token })}`;

/** Mails a single-use reset link valid for one hour; earlier links of the user stop working. */
export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<string> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) throw new NotFoundError(RESET_MESSAGES.emailNotFound);
  const token = await deps.db.transaction((tx) => createPasswordReset(tx, user.id));
  const link = resetLink(deps.config, token);
  await sendMailOrFail(deps, passwordResetMail({ to: user.email, name: user.name, link }));
  return RESET_MESSAGES.sent;
}

/** How long the owner's link from `npm run admin -- reset-password` works. */
export const OWNER_RESET_TTL_MS = 30 * 60 * 1000;

/**
 * The owner's way back in (`npm run admin -- reset-password EMAIL`): ends every session of the account and returns a
 * single-use link, valid 30 minutes, to the page that sets a new password (the same tokens as "esqueci a senha").
 * Null when no account has that e-mail.
 */
export async function issueOwnerResetLink(db: Db, config: AppConfig, email: string): Promise<string | null> {
  const user = await findUserByEmail(db, email);
  if (!user) return null;
  const token = await db.transaction(async (tx) => {
    await endUserSessions(tx, user.id);
    return createPasswordReset(tx, user.id, OWNER_RESET_TTL_MS);
  });
  return resetLink(config, token);
}

/**
 * Sets the new password, spends the token and ends every session of the user, in one transaction; a generated
 * password's file (the administrator's first one, also reset by `npm run admin -- reset-password`) is deleted.
 */
export async function resetPassword(deps: AuthDeps, input: ResetPasswordInput): Promise<string> {
  // Cheap check first, so a bad token does not cost a password hash.
  if (!(await findUsablePasswordReset(deps.db, input.token)))
    throw new ValidationError(RESET_MESSAGES.invalid);
  const passwordHash = await hashPassword(input.password);
  const { wasGenerated } = await deps.db.transaction(async (tx) => {
    const userId = await consumePasswordReset(tx, input.token);
    if (!userId) throw new ValidationError(RESET_MESSAGES.invalid);
    const changed = await setUserPassword(tx, userId, passwordHash);
    await endUserSessions(tx, userId);
    return changed;
  });
  if (wasGenerated) await removeAdminPasswordFile(deps.config.DATA_DIR);
  return RESET_MESSAGES.done;
}
