import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { users } from './db/schema/index';
import {
  adminPasswordFile,
  adminPasswordFileExists,
  removeAdminPasswordFile,
  writeAdminPasswordFile,
} from './lib/admin-password-file';
import { hashPassword, randomToken } from './lib/crypto';
import { createUser, findUserByEmail } from './modules/users/users.repo';

export interface AdminBootstrap {
  created: boolean;
  /** The administrator's password is still the one the app generated (the database's marker). */
  passwordGenerated: boolean;
  /** Where that password is on this machine (DATA_DIR/admin-password.txt), when the file is here. */
  passwordFile?: string;
}

/**
 * Makes sure the one administrator (ADMIN_EMAIL) exists and is the only admin (one start at a time, under an
 * advisory lock). On first start without ADMIN_PASSWORD a password is generated into DATA_DIR/admin-password.txt
 * (0600), written before the administrator's row is committed: a start that fails afterwards still leaves it, and a
 * commit that fails leaves a file the next start replaces. The password is never returned, printed or logged; the
 * row is marked `password_generated` until the password changes. A file left from a password changed since (on
 * another instance) is deleted here.
 */
export async function ensureAdmin(db: Db, config: AppConfig): Promise<AdminBootstrap> {
  const result = await db.transaction(async (tx) => {
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
      return { created: false, passwordGenerated: existing.passwordGenerated };
    }
    const generated = config.ADMIN_PASSWORD ? undefined : randomToken(12);
    await createUser(tx, {
      name: 'Administrador',
      email: config.ADMIN_EMAIL,
      passwordHash: await hashPassword(config.ADMIN_PASSWORD ?? generated!),
      role: 'admin',
      emailVerified: true,
      planType: 'Mentoria Semestral',
      trialCreditCents: 0,
      passwordGenerated: generated !== undefined,
    });
    if (generated) await writeAdminPasswordFile(config.DATA_DIR, config.ADMIN_EMAIL, generated);
    return { created: true, passwordGenerated: generated !== undefined };
  });
  if (!result.passwordGenerated) {
    await removeAdminPasswordFile(config.DATA_DIR);
    return result;
  }
  return (await adminPasswordFileExists(config.DATA_DIR))
    ? { ...result, passwordFile: adminPasswordFile(config.DATA_DIR) }
    : result;
}
