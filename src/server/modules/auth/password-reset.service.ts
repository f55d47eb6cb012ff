import type { ResetPasswordInput } from '../../../shared/schemas/auth';
import { hashPassword } from '../../lib/crypto';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { endUserSessions } from '../../plugins/session';
import { findUserByEmail } from '../users/users.service';
import { passwordResetMail } from './auth.mails';
import {
  consumePasswordReset,
  createPasswordReset,
  findUsablePasswordReset,
  setUserPassword,
} from './auth.repo';
import { type AuthDeps, sendMailOrFail } from './auth.service';

export const RESET_MESSAGES = {
  emailNotFound: 'E-mail não encontrado',
  sent: 'E-mail enviado! Verifique sua caixa de entrada.',
  done: 'Senha redefinida com sucesso! Faça login com a nova senha.',
  invalid: 'Link de redefinição inválido ou expirado.',
} as const;

/** Mails a single-use reset link valid for one hour; earlier links of the user stop working. */
export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<string> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) throw new NotFoundError(RESET_MESSAGES.emailNotFound);
  const token = await deps.db.transaction((tx) => createPasswordReset(tx, user.id));
  const link = `${deps.config.APP_URL}/redefinir-senha?${new URLSearchParams({ token })}`;
  await sendMailOrFail(deps, passwordResetMail({ to: user.email, name: user.name, link }));
  return RESET_MESSAGES.sent;
}

/** Sets the new password, spends the token and ends every session of the user, in one transaction. */
export async function resetPassword(deps: AuthDeps, input: ResetPasswordInput): Promise<string> {
  // Cheap check first, so a bad token does not cost a password hash.
  if (!(await findUsablePasswordReset(deps.db, input.token)))
    throw new ValidationError(RESET_MESSAGES.invalid);
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const userId = await consumePasswordReset(tx, input.token);
    if (!userId) throw new ValidationError(RESET_MESSAGES.invalid);
    await setUserPassword(tx, userId, passwordHash);
    await endUserSessions(tx, userId);
  });
  return RESET_MESSAGES.done;
}
