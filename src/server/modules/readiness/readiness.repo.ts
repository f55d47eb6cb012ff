import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/index';

/** The administrator's account as the readiness check needs it: exists, and whether its password is the generated one. */
export async function findAdminPasswordState(
  db: DbOrTx,
  email: string,
): Promise<{ passwordGenerated: boolean } | null> {
  const [row] = await db
    .select({ passwordGenerated: users.passwordGenerated })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row ?? null;
}
