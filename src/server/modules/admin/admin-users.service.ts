import type { AdminUser, AdminUserPage, AdminUsersFilter } from '../../../shared/schemas/admin';
import type { Db, DbOrTx } from '../../db/client';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';
import { endAllSessions } from '../auth/sessions.repo';
import { changeUserStatus } from '../users/user-status.service';
import { findUserById } from '../users/users.repo';
import { presentAdminUser } from './admin-users.presenters';
import { listUsersPage, markUserVerified } from './admin-users.repo';

const USER_NOT_FOUND = 'Usuário não encontrado.';

/** Cancels (ending the user's sessions) or reactivates a user; the administrator cannot cancel themself. */
export async function setUserStatusByAdmin(
  db: Db,
  admin: SessionUser,
  userId: string,
  status: 'Ativo' | 'Cancelado',
): Promise<AdminUser> {
  const user = await db.transaction(async (tx) => {
    const target = await findUserById(tx, userId);
    if (!target) throw new NotFoundError(USER_NOT_FOUND);
    if (status === 'Cancelado' && (target.id === admin.id || target.role === 'admin')) {
      throw new ValidationError('Você não pode cancelar a própria conta de administrador.');
    }
    const updated = await changeUserStatus(tx, target.id, status);
    if (!updated) throw new NotFoundError(USER_NOT_FOUND);
    return updated;
  });
  return presentAdminUser(user);
}

/** Administrator approval: the account counts as verified from now on. */
export async function verifyUserByAdmin(db: Db, userId: string): Promise<AdminUser> {
  const user = await db.transaction(async (tx) => {
    const updated = await markUserVerified(tx, userId);
    if (!updated) throw new NotFoundError(USER_NOT_FOUND);
    return updated;
  });
  return presentAdminUser(user);
}

/** One page of the administrator's user list (filters, search, order). */
export function listUsersForAdmin(db: DbOrTx, query: AdminUsersFilter): Promise<AdminUserPage> {
  return listUsersPage(db, query);
}

/** Global logout: ends every session but the administrator's own, and every calendar feed; answers how many ended. */
export function logoutAllUsers(db: DbOrTx, exceptSessionHash?: string): Promise<number> {
  return db.transaction((tx) => endAllSessions(tx, exceptSessionHash));
}
