import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { favorites, offers } from '../../db/schema/index';
import type { Viewer } from '../../plugins/access';

/** Ids of the visible offers the member favourited, newest favourite first. */
export async function listFavoriteOfferIds(db: DbOrTx, userId: string, cap: number): Promise<string[]> {
  const rows = await db
    .select({ id: favorites.offerId })
    .from(favorites)
    .innerJoin(offers, eq(offers.id, favorites.offerId))
    .where(and(eq(favorites.userId, userId), eq(offers.visible, true)))
    .orderBy(desc(favorites.createdAt), desc(favorites.id))
    .limit(cap);
  return rows.map((r) => r.id);
}

/**
 * Favourites an offer the member may see (visible, or any for the admin) in one statement (one round trip): 'missing'
 * when there is no such offer, 'exists' when the member already has it (the unique (user, offer) index decides
 * races), 'added' otherwise.
 */
export async function addFavorite(
  db: DbOrTx,
  viewer: Viewer,
  offerId: string,
): Promise<'added' | 'exists' | 'missing'> {
  const { rows } = await db.execute<{ found: boolean; added: boolean }>(sql`
    with o as (
      select id from offers where id = ${offerId} and (visible or ${viewer.isAdmin})
    ), ins as (
      insert into favorites (user_id, offer_id) select ${viewer.id}, id from o
      on conflict do nothing
      returning id
    )
    select exists (select 1 from o) as found, exists (select 1 from ins) as added`);
  const row = rows[0];
  if (!row?.found) return 'missing';
  return row.added ? 'added' : 'exists';
}

export async function deleteFavorite(db: DbOrTx, userId: string, offerId: string): Promise<boolean> {
  const rows = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.offerId, offerId)))
    .returning({ id: favorites.id });
  return rows.length > 0;
}
