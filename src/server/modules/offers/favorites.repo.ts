import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { favorites, offers } from '../../db/schema/index';

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

/** False when the member already has this favourite (the unique (user, offer) index decides races). */
export async function insertFavorite(db: DbOrTx, userId: string, offerId: string): Promise<boolean> {
  const rows = await db
    .insert(favorites)
    .values({ userId, offerId })
    .onConflictDoNothing()
    .returning({ id: favorites.id });
  return rows.length > 0;
}

export async function deleteFavorite(db: DbOrTx, userId: string, offerId: string): Promise<boolean> {
  const rows = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.offerId, offerId)))
    .returning({ id: favorites.id });
  return rows.length > 0;
}
