import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { balanceLedger, users } from '../../db/schema/index';
import { randomDigits } from '../../lib/crypto';

export type UserRow = typeof users.$inferSelect;

/** A member's display name (undefined once the account is gone). */
export async function findUserName(tx: DbOrTx, userId: string): Promise<string | undefined> {
  const rows = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.name;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Plan slug of the mapping table -> how a user's plan is stored and shown. */
export const PLAN_LABELS = {
  gratuito: 'Gratuito',
  'mentoria-mensal': 'Mentoria Mensal',
  'mentoria-semestral': 'Mentoria Semestral',
} as const;

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return rows[0];
}

/**
 * Creates a user with a fresh six-digit uniqueId (retrying on the rare collision) and, when
 * trialCreditCents > 0, credits the slug-checker trial with its ledger row, all in the caller's transaction.
 */
export async function createUser(
  tx: DbOrTx,
  input: {
    name: string;
    email: string;
    passwordHash: string;
    planType?: string;
    role?: 'member' | 'admin';
    emailVerified?: boolean;
    status?: 'Ativo' | 'Cancelado';
    trialCreditCents: number;
    /** The app generated the password (the first administrator's): see users.passwordGenerated. */
    passwordGenerated?: boolean;
  },
): Promise<UserRow> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const uniqueId = randomDigits(6);
    const inserted = await tx
      .insert(users)
      .values({
        name: input.name.trim(),
        email: normalizeEmail(input.email),
        passwordHash: input.passwordHash,
        passwordGenerated: input.passwordGenerated ?? false,
        planType: input.planType ?? 'Mentoria Mensal',
        role: input.role ?? 'member',
        emailVerified: input.emailVerified ?? false,
        status: input.status ?? 'Ativo',
        statusChangedAt: new Date(),
        uniqueId,
        balanceCents: input.trialCreditCents,
      })
      .onConflictDoNothing({ target: users.uniqueId })
      .returning();
    const user = inserted[0];
    if (!user) continue;
    if (input.trialCreditCents > 0) {
      await tx.insert(balanceLedger).values({
        userId: user.id,
        amountCents: input.trialCreditCents,
        balanceAfterCents: input.trialCreditCents,
        reason: 'trial_credit',
        reference: 'Crédito de boas-vindas para testar o verificador de slugs',
      });
    }
    return user;
  }
  throw new Error('Não foi possível gerar um ID único para o usuário.');
}
