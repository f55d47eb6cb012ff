import { and, desc, eq } from 'drizzle-orm';
import type { AdminUser } from '../../../shared/schemas/admin';
import type { DbOrTx } from '../../db/client';
import { emailVerifications, users } from '../../db/schema/index';
import type { UserRow } from '../users/users.service';

/** The admin's view of a user (never the password hash or balance). */
export function toAdminUser(row: UserRow): AdminUser {
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

/** Every user, the administrator included, newest first. */
export function listUsers(db: DbOrTx): Promise<UserRow[]> {
  return db.select().from(users).orderBy(desc(users.createdAt), desc(users.id));
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** Marks the user verified and closes their pending verification mails. */
export async function markUserVerified(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ emailVerified: true }).where(eq(users.id, id)).returning();
  if (row) {
    await db
      .update(emailVerifications)
      .set({ verified: true })
      .where(and(eq(emailVerifications.userId, id), eq(emailVerifications.verified, false)));
  }
  return row;
}
