import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { users } from './db/schema/index';
import { hashPassword, randomToken } from './lib/crypto';
import { createUser, findUserByEmail } from './modules/users/users.repo';

/**
 * Makes sure the one administrator (ADMIN_EMAIL) exists and is the only admin (one start at a time, under an
 * advisory lock). On first start without
 * ADMIN_PASSWORD a password is generated and returned so it can be printed once.
 */
export async function ensureAdmin(
  db: Db,
  config: AppConfig,
): Promise<{ created: boolean; generatedPassword?: string }> {
  return db.transaction(async (tx) => {
    // Instances starting together take turns: the second finds the first one's administrator.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('clube_escala_admin_bootstrap'))`);
    await tx
      .update(users)
      .set({ role: 'member' })
      .where(and(eq(users.role, 'admin'), ne(users.email, config.ADMIN_EMAIL)));
    const existing = await findUserByEmail(tx, config.ADMIN_EMAIL);
    if (existing) {
      if (existing.role !== 'admin' || !existing.emailVerified) {
        await tx.update(users).set({ role: 'admin', emailVerified: true }).where(eq(users.id, existing.id));
      }
      return { created: false };
    }
    const generatedPassword = config.ADMIN_PASSWORD ? undefined : randomToken(12);
    await createUser(tx, {
      name: 'Administrador',
      email: config.ADMIN_EMAIL,
      passwordHash: await hashPassword(config.ADMIN_PASSWORD ?? generatedPassword!),
      role: 'admin',
      emailVerified: true,
      planType: 'Mentoria Semestral',
      trialCreditCents: 0,
    });
    return { created: true, generatedPassword };
  });
}
