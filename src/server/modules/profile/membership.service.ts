import type { Membership } from '../../../shared/schemas/profile';
import type { DbOrTx } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { findUserById } from '../users/users.repo';
import { findMembershipEnd, listActivePurchases } from '../webhook/webhook.repo';

/**
 * The member's plan for /perfil, from the purchases the checkout's webhooks recorded: member since the first
 * still-valid purchase, last payment the newest one, and the next charge the newest announced (only if it is
 * still ahead: a past date says nothing about the next one). With no valid purchase left, the event that ended them.
 */
export async function loadMembership(db: DbOrTx, userId: string, now = new Date()): Promise<Membership> {
  const user = await findUserById(db, userId);
  if (!user) throw new NotFoundError('Usuário não encontrado.');
  const purchases = await listActivePurchases(db, user.email);
  const first = purchases[0];
  const last = purchases.at(-1);
  const ended = purchases.length === 0 ? await findMembershipEnd(db, user.email) : undefined;
  const renewsAt = last?.nextBillingAt && last.nextBillingAt > now ? last.nextBillingAt : null;
  return {
    planName: user.planType,
    isAdmin: user.role === 'admin',
    since: (first?.receivedAt ?? user.createdAt).toISOString(),
    lastPaymentAt: last?.receivedAt.toISOString() ?? null,
    renewsAt: renewsAt?.toISOString() ?? null,
    canceledAt: ended?.at.toISOString() ?? null,
    endedBy: ended?.kind ?? null,
    points: user.points,
  };
}
