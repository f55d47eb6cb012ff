import type { AdminUser } from '../../../shared/schemas/admin';
import type { UserRow } from '../users/users.repo';

/** The user columns the administrator sees: never the password hash or the balance. */
export type AdminUserRow = Pick<
  UserRow,
  | 'id'
  | 'name'
  | 'email'
  | 'createdAt'
  | 'lastLogin'
  | 'planType'
  | 'status'
  | 'statusChangedAt'
  | 'emailVerified'
  | 'role'
  | 'uniqueId'
>;

/** The admin's view of a user (never the password hash or balance). */
export function presentAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    lastLogin: row.lastLogin?.toISOString() ?? null,
    planType: row.planType,
    status: row.status,
    statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
    emailVerified: row.emailVerified,
    isAdmin: row.role === 'admin',
    uniqueId: row.uniqueId,
  };
}
