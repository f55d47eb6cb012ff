import { sql } from 'drizzle-orm';
import type { AdminStats } from '../../../shared/schemas/admin';
import type { DbOrTx } from '../../db/client';
import {
  liveCalls,
  notifications,
  offers,
  userEscalatedOffers,
  users,
  webhookEvents,
} from '../../db/schema/index';

/** The counters of the admin Dashboard tab, in one round trip. */
export async function loadAdminStats(db: DbOrTx): Promise<AdminStats> {
  const result = await db.execute<AdminStats>(sql`
    select
      (select count(*) from ${users})::int as "totalUsers",
      (select count(*) from ${users} where ${users.status} = 'Ativo' and ${users.emailVerified})::int
        as "activeUsers",
      (select count(*) from ${users} where not ${users.emailVerified})::int as "pendingVerificationUsers",
      (select count(*) from ${users} where ${users.status} = 'Cancelado')::int as "canceledUsers",
      (select count(*) from ${offers})::int as "totalOffers",
      (select count(*) from ${userEscalatedOffers} where ${userEscalatedOffers.state} = 'pendente')::int as "userOffers",
      (select count(*) from ${notifications} where ${notifications.recipientUserId} is null and ${notifications.kind} = 'admin')::int
        as "totalNotifications",
      (select count(*) from ${webhookEvents})::int as "totalWebhooks",
      (select count(*) from ${webhookEvents} where lower(${webhookEvents.eventType}) = 'purchase_order_confirmed')::int
        as "purchaseConfirmed",
      (select count(*) from ${webhookEvents} where lower(${webhookEvents.eventType}) = 'subscription_canceled')::int
        as "subscriptionCanceled",
      (select count(*) from ${liveCalls} where ${liveCalls.deletedAt} is null)::int as "totalCalls"
  `);
  const counts = result.rows[0];
  if (!counts) throw new Error('stats query returned no row');
  return counts;
}
