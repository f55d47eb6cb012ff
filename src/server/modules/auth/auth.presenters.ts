import type { CurrentUser } from '../../../shared/schemas/auth';
import type { SessionUser } from '../../plugins/session';
import type { UserRow } from '../users/users.repo';

/** The current-user body of GET /api/auth/user and of a successful login. */
export function presentCurrentUser(user: SessionUser | UserRow): CurrentUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    createdAt: user.createdAt.toISOString(),
    lastLogin: user.lastLogin ? user.lastLogin.toISOString() : null,
    planType: user.planType,
    uniqueId: user.uniqueId,
    status: user.status,
    emailVerified: user.emailVerified,
    isAdmin: user.role === 'admin',
    balance: user.balanceCents / 100,
    points: user.points,
  };
}
