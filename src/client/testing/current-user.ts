import type { CurrentUser } from '../../shared/schemas/auth';

/** The signed-in user as GET /api/auth/user answers (the member Maria, or the administrator). */
export function makeUser(isAdmin: boolean): CurrentUser {
  return {
    id: isAdmin ? 'admin' : 'u1',
    name: isAdmin ? 'Administrador' : 'Maria',
    email: isAdmin ? 'admin@exemplo.com' : 'maria@exemplo.com',
    createdAt: '2025-01-01T00:00:00.000Z',
    lastLogin: null,
    planType: 'Mentoria Mensal',
    uniqueId: '123456',
    status: 'Ativo',
    emailVerified: true,
    isAdmin,
    balance: 0,
    points: 0,
  };
}
