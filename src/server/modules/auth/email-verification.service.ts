import type { VerifyEmailInput } from '../../../shared/schemas/auth';
import { z } from '../../../shared/schemas/zod';
import { safeEqual, sha256 } from '../../lib/crypto';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { findUserByEmail, findUserById } from '../users/users.repo';
import {
  claimVerificationAttempt,
  completeEmailVerification,
  findPendingVerification,
  hashVerificationCode,
  replaceEmailVerification,
  type VerificationRow,
} from './auth.repo';
import { type AuthDeps, sendMailOrFail, verificationMailFor } from './auth.service';

export const VERIFY_MESSAGES = {
  verified: 'E-mail verificado com sucesso! Você já pode fazer login.',
  alreadyVerified: 'Este e-mail já foi verificado. Faça login.',
  invalid: 'Código inválido ou expirado.',
  resent: 'Enviamos um novo e-mail de verificação.',
  emailNotFound: 'E-mail não encontrado',
} as const;

const uuid = z.uuid();

/** The secret is either the link's token or the 6-digit code; both compared as hashes, in constant time. */
function secretMatches(row: VerificationRow, secret: string): boolean {
  const tokenOk = safeEqual(sha256(secret), row.tokenHash);
  const codeOk = /^\d{6}$/.test(secret) && safeEqual(hashVerificationCode(row.id, secret), row.codeHash);
  return tokenOk || codeOk;
}

/**
 * Verifies the user's e-mail with the secret from the mail, against the newest pending verification.
 * Each try is counted before comparing; after MAX_VERIFICATION_ATTEMPTS wrong tries the row is dead.
 * Unknown users, malformed ids, wrong, used or expired secrets all get the same answer.
 */
export async function verifyEmail(deps: AuthDeps, input: VerifyEmailInput): Promise<string> {
  if (!uuid.safeParse(input.userId).success) throw new ValidationError(VERIFY_MESSAGES.invalid);
  const user = await findUserById(deps.db, input.userId);
  if (!user) throw new ValidationError(VERIFY_MESSAGES.invalid);
  if (user.emailVerified) return VERIFY_MESSAGES.alreadyVerified;

  const row = await findPendingVerification(deps.db, user.id);
  if (!row || !(await claimVerificationAttempt(deps.db, row.id))) {
    throw new ValidationError(VERIFY_MESSAGES.invalid);
  }
  if (!secretMatches(row, input.token)) throw new ValidationError(VERIFY_MESSAGES.invalid);

  const done = await deps.db.transaction((tx) => completeEmailVerification(tx, row));
  // Lost a race with another request using the same secret: that one verified the e-mail.
  return done ? VERIFY_MESSAGES.verified : VERIFY_MESSAGES.alreadyVerified;
}

/** A new verification mail; every earlier link and code stops working. */
export async function resendVerification(deps: AuthDeps, email: string): Promise<string> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) throw new NotFoundError(VERIFY_MESSAGES.emailNotFound);
  if (user.emailVerified) throw new ValidationError(VERIFY_MESSAGES.alreadyVerified);
  const verification = await deps.db.transaction((tx) => replaceEmailVerification(tx, user));
  await sendMailOrFail(deps, verificationMailFor(deps, user, verification));
  return VERIFY_MESSAGES.resent;
}
