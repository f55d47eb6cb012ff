import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { offers } from '../../db/schema/index';
import { momentumSql } from './ad-counts.repo';

/**
 * Records an alert of this kind and day for every member who follows (favourited) the offer and has not had it yet,
 * and answers those members: a second crossing the same day alerts nobody.
 */
export async function claimFollowerAlerts(
  tx: DbOrTx,
  offerId: string,
  kind: string,
  day: string,
): Promise<string[]> {
  const { rows } = await tx.execute<{ user_id: string }>(sql`
    insert into offer_alerts (user_id, offer_id, kind, day)
    select f.user_id, f.offer_id, ${kind}, ${day}::date
      from favorites f
      join users u on u.id = f.user_id and u.status = 'Ativo'
      join offers o on o.id = f.offer_id and o.visible
     where f.offer_id = ${offerId}
    on conflict do nothing
    returning user_id`);
  return rows.map((row) => row.user_id);
}

/**
 * Visible offers someone follows that are 'escalando' on `today` and were not on `yesterday` by the same history
 * (a 'Novo' reaching its 7th day, a baseline moving): what only the passing of days changes.
 */
export async function findFollowedTurnedScaling(tx: DbOrTx, today: string, yesterday: string) {
  return tx
    .select({ id: offers.id, productTitle: offers.productTitle })
    .from(offers)
    .where(
      and(
        eq(offers.visible, true),
        sql`exists (select 1 from favorites f where f.offer_id = ${offers.id})`,
        sql`${momentumSql(today)} = 'escalando'`,
        sql`${momentumSql(yesterday)} <> 'escalando'`,
      ),
    );
}

/** One sweep per cluster at a time: the lock of this transaction, or false when another instance holds it. */
export async function tryAlertSweepLock(tx: DbOrTx): Promise<boolean> {
  const { rows } = await tx.execute<{ ok: boolean }>(
    sql`select pg_try_advisory_xact_lock(hashtext('clube_escala_offer_alert_sweep')) as ok`,
  );
  return rows[0]?.ok === true;
}
