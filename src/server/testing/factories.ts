import type { Db } from '../db/client';
import { sessions } from '../db/schema/index';
import { hashPassword, randomToken, sha256 } from '../lib/crypto';
import { createUser, type UserRow } from '../modules/users/users.repo';
import { SESSION_COOKIE } from '../plugins/session';

/** The password of every factory user. */
export const TEST_PASSWORD = 'senha-de-teste';
/** The admin e-mail createTestApp configures. */
export const TEST_ADMIN_EMAIL = 'admin@clubeescala.test';

// scrypt is deliberately slow: hash once per process and reuse it.
let passwordHash: Promise<string> | undefined;
const testPasswordHash = () => {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  return passwordHash;
};

export interface UserOverrides {
  name?: string;
  email?: string;
  planType?: string;
  status?: 'Ativo' | 'Cancelado';
  emailVerified?: boolean;
}

/** A member who can sign in (verified, Ativo) unless overridden. */
export async function createMember(db: Db, overrides: UserOverrides = {}): Promise<UserRow> {
  return createUser(db, {
    name: overrides.name ?? 'Membro Teste',
    email: overrides.email ?? `membro-${randomToken(6).toLowerCase()}@example.com`,
    passwordHash: await testPasswordHash(),
    planType: overrides.planType,
    status: overrides.status,
    emailVerified: overrides.emailVerified ?? true,
    trialCreditCents: 0,
  });
}

/** The administrator (role admin, verified, the e-mail createTestApp configures as ADMIN_EMAIL). */
export async function createAdmin(db: Db, overrides: UserOverrides = {}): Promise<UserRow> {
  return createUser(db, {
    name: overrides.name ?? 'Administrador',
    email: overrides.email ?? TEST_ADMIN_EMAIL,
    passwordHash: await testPasswordHash(),
    planType: overrides.planType ?? 'Mentoria Semestral',
    role: 'admin',
    emailVerified: true,
    trialCreditCents: 0,
  });
}

/** Opens a session for the user as login would and returns the Cookie header value (`ce_sid=<token>`). */
export async function signIn(db: Db, userId: string): Promise<string> {
  const token = randomToken(32);
  await db
    .insert(sessions)
    .values({ sid: sha256(token), userId, expire: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000) });
  return `${SESSION_COOKIE}=${token}`;
}
