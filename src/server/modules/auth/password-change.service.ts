import { SUPPORT_PATH } from '../../../shared/club';
import type { ChangePasswordInput } from '../../../shared/schemas/auth';
import { removeAdminPasswordFile } from '../../lib/admin-password-file';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { findUserById } from '../users/users.repo';
import { passwordChangedMail } from './auth.mails';
import { setUserPassword } from './auth.repo';
import { type AuthDeps, trySendMail } from './auth.service';
import { endUserSessions } from './sessions.repo';

export const CHANGE_PASSWORD_MESSAGES = {
  wrongCurrent: 'Senha atual incorreta',
  sameAsCurrent: 'A nova senha deve ser diferente da atual',
  done: 'Senha alterada! As outras sessões abertas foram encerradas.',
} as const;

/**
 * A signed-in member's new password: the current one must be right, the new one different. In one transaction the
 * hash changes and every other session of the member ends (this browser stays signed in); then a mail tells the
 * member, so a change they did not make does not go unseen. A generated password's file (the administrator's first
 * one) is deleted.
 */
export async function changePassword(
  deps: AuthDeps,
  userId: string,
  currentSessionHash: string | null,
  input: ChangePasswordInput,
): Promise<string> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new NotFoundError('Usuário não encontrado.');
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new ValidationError(CHANGE_PASSWORD_MESSAGES.wrongCurrent);
  }
  if (input.newPassword === input.currentPassword) {
    throw new ValidationError(CHANGE_PASSWORD_MESSAGES.sameAsCurrent);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const { wasGenerated } = await deps.db.transaction(async (tx) => {
    const changed = await setUserPassword(tx, userId, passwordHash);
    await endUserSessions(tx, userId, currentSessionHash);
    return changed;
  });
  // The generated password's file says a password that no longer works (another instance's goes at its next start).
  if (wasGenerated) await removeAdminPasswordFile(deps.config.DATA_DIR);
  await trySendMail(
    deps,
    passwordChangedMail({
      to: user.email,
      name: user.name,
      recoverLink: `${deps.config.APP_URL}/forgot-password`,
      supportLink: `${deps.config.APP_URL}${SUPPORT_PATH}`,
    }),
  );
  return CHANGE_PASSWORD_MESSAGES.done;
}
