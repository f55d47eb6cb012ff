import type { Db } from '../../db/client';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';
import { changeUserStatus } from '../users/user-status.service';
import type { UserRow } from '../users/users.service';
import { findUserById, markUserVerified } from './admin-users.repo';

const USER_NOT_FOUND = 'Usuário não encontrado.';

/** Cancels (ending the user's sessions) or reactivates a user; the administrator cannot cancel themself. */
export async function setUserStatusByAdmin(
  db: Db,
  admin: SessionUser,
  userId: string,
  status: 'Ativo' | 'Cancelado',
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const target = await findUserById(tx, userId);
    if (!target) throw new NotFoundError(USER_NOT_FOUND);
    if (status === 'Cancelado' && (target.id === admin.id || target.role === 'admin')) {
      throw new ValidationError('Você não pode cancelar a própria conta de administrador.');
    }
    const updated = await changeUserStatus(tx, target.id, status);
    if (!updated) throw new NotFoundError(USER_NOT_FOUND);
    return updated;
  });
}

/** Administrator approval: the account counts as verified from now on. */
export async function verifyUserByAdmin(db: Db, userId: string): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const updated = await markUserVerified(tx, userId);
    if (!updated) throw new NotFoundError(USER_NOT_FOUND);
    return updated;
  });
}
