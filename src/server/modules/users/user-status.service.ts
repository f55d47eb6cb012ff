import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/index';
import { endUserSessions } from '../auth/sessions.repo';
import type { UserRow } from './users.repo';

/**
 * Sets a user's status (Ativo or Cancelado) for the administrator and the checkout webhook:
 * statusChangedAt moves only when the status really changes; a cancellation ends every session.
 */
export async function changeUserStatus(
  tx: DbOrTx,
  userId: string,
  status: 'Ativo' | 'Cancelado',
  extra: { planType?: string } = {},
): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({
      status,
      statusChangedAt: sql`case when ${users.status} = ${status} then ${users.statusChangedAt} else now() end`,
      ...extra,
    })
    .where(eq(users.id, userId))
    .returning();
  if (row && status === 'Cancelado') await endUserSessions(tx, userId);
  return row;
}
