import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { confirmedPurchases, emailVerifications, passwordResets, users } from '../../db/schema/index';
import { randomDigits, randomToken, sha256 } from '../../lib/crypto';

const HOUR_MS = 60 * 60 * 1000;
export const VERIFICATION_TTL_MS = 24 * HOUR_MS;
export const PASSWORD_RESET_TTL_MS = HOUR_MS;
/** After this many wrong tries a verification row is dead: the user must ask for a new mail. */
export const MAX_VERIFICATION_ATTEMPTS = 5;

export type PurchaseRow = typeof confirmedPurchases.$inferSelect;
export type VerificationRow = typeof emailVerifications.$inferSelect;

/** The code is bound to its row, so one code's hash says nothing about another row. */
export const hashVerificationCode = (rowId: string, code: string) => sha256(`${rowId}:${code}`);

/** The newest confirmed purchase of this (lower-cased) e-mail that was not cancelled, if any. */
export async function findActivePurchase(db: DbOrTx, email: string): Promise<PurchaseRow | undefined> {
  const rows = await db
    .select()
    .from(confirmedPurchases)
    .where(and(eq(confirmedPurchases.email, email), isNull(confirmedPurchases.canceledAt)))
    .orderBy(desc(confirmedPurchases.receivedAt))
    .limit(1);
  return rows[0];
}

/**
 * Ends every pending verification of the user and creates a new one. Returns the row id and the
 * two secrets (link token and 6-digit code), which exist only in the mail: the row keeps their hashes.
 */
export async function replaceEmailVerification(
  tx: DbOrTx,
  user: { id: string; email: string },
): Promise<{ id: string; linkToken: string; code: string }> {
  await tx
    .update(emailVerifications)
    .set({ expiresAt: sql`now()` })
    .where(
      and(
        eq(emailVerifications.userId, user.id),
        eq(emailVerifications.verified, false),
        gt(emailVerifications.expiresAt, sql`now()`),
      ),
    );
  const id = randomUUID();
  const linkToken = randomToken(32);
  const code = randomDigits(6);
  await tx.insert(emailVerifications).values({
    id,
    email: user.email,
    userId: user.id,
    tokenHash: sha256(linkToken),
    codeHash: hashVerificationCode(id, code),
    expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS),
  });
  return { id, linkToken, code };
}

/** The user's newest verification that is neither used, expired nor out of attempts. */
export async function findPendingVerification(
  db: DbOrTx,
  userId: string,
): Promise<VerificationRow | undefined> {
  const rows = await db
    .select()
    .from(emailVerifications)
    .where(
      and(
        eq(emailVerifications.userId, userId),
        eq(emailVerifications.verified, false),
        gt(emailVerifications.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(emailVerifications.createdAt))
    .limit(1);
  const row = rows[0];
  return row && row.failedAttempts < MAX_VERIFICATION_ATTEMPTS ? row : undefined;
}

const stillUsable = (id: string) =>
  and(
    eq(emailVerifications.id, id),
    eq(emailVerifications.verified, false),
    lt(emailVerifications.failedAttempts, MAX_VERIFICATION_ATTEMPTS),
    gt(emailVerifications.expiresAt, sql`now()`),
  );

/**
 * Counts one attempt before the secret is compared, in one conditional UPDATE, so parallel guesses
 * cannot exceed the limit. False when the row is no longer usable.
 */
export async function claimVerificationAttempt(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(emailVerifications)
    .set({ failedAttempts: sql`${emailVerifications.failedAttempts} + 1` })
    .where(stillUsable(id))
    .returning({ id: emailVerifications.id });
  return rows.length > 0;
}

/** Marks the row verified (once: false if it was already used) and the user's e-mail as verified. */
export async function completeEmailVerification(tx: DbOrTx, row: VerificationRow): Promise<boolean> {
  const done = await tx
    .update(emailVerifications)
    // The claimed attempt succeeded, so it is not a failed one.
    .set({ verified: true, failedAttempts: sql`greatest(${emailVerifications.failedAttempts} - 1, 0)` })
    .where(and(eq(emailVerifications.id, row.id), eq(emailVerifications.verified, false)))
    .returning({ id: emailVerifications.id });
  if (done.length === 0) return false;
  await tx.update(users).set({ emailVerified: true }).where(eq(users.id, row.userId));
  return true;
}

/** A new reset link for the user; older unused links stop working. Returns the token (only the mail has it). */
export async function createPasswordReset(
  tx: DbOrTx,
  userId: string,
  ttlMs = PASSWORD_RESET_TTL_MS,
): Promise<string> {
  await tx
    .update(passwordResets)
    .set({ expiresAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.userId, userId),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    );
  const token = randomToken(32);
  await tx.insert(passwordResets).values({
    userId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

const usableReset = (tokenHash: string) =>
  and(
    eq(passwordResets.tokenHash, tokenHash),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, sql`now()`),
  );

export async function findUsablePasswordReset(db: DbOrTx, token: string) {
  const rows = await db
    .select({ id: passwordResets.id, userId: passwordResets.userId })
    .from(passwordResets)
    .where(usableReset(sha256(token)))
    .limit(1);
  return rows[0];
}

/** Spends the reset token (single use); returns the user id, or undefined when it was not usable any more. */
export async function consumePasswordReset(tx: DbOrTx, token: string): Promise<string | undefined> {
  const rows = await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(usableReset(sha256(token)))
    .returning({ userId: passwordResets.userId });
  return rows[0]?.userId;
}

/**
 * Sets a new password hash; the password is no longer the generated one. Returns whether it was until now (the
 * caller then deletes the generated password's file).
 */
export async function setUserPassword(
  tx: DbOrTx,
  userId: string,
  passwordHash: string,
): Promise<{ wasGenerated: boolean }> {
  // The CTE reads the row as it was before this statement's update.
  const { rows } = await tx.execute<{ was_generated: boolean }>(sql`
    with before as (select password_generated from users where id = ${userId})
    update users set password_hash = ${passwordHash}, password_generated = false where id = ${userId}
    returning (select password_generated from before) as was_generated`);
  return { wasGenerated: rows[0]?.was_generated === true };
}

export async function touchLastLogin(db: DbOrTx, userId: string) {
  const rows = await db.update(users).set({ lastLogin: sql`now()` }).where(eq(users.id, userId)).returning();
  return rows[0];
}
