import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { offerLikes, offers, users } from '../../db/schema/index';
import type { Viewer } from './offers.repo';
import { requireOffer } from './offers.service';

/** +1 or -1 point to the offer's author (never below 0); liking your own offer earns nothing. */
async function adjustAuthorPoints(tx: Tx, authorId: string | null, likerId: string, delta: 1 | -1) {
  if (!authorId || authorId === likerId) return;
  await tx
    .update(users)
    .set({ points: sql`greatest(${users.points} + ${delta}, 0)` })
    .where(eq(users.id, authorId));
}

async function adjustLikeCount(tx: Tx, offerId: string, delta: 1 | -1): Promise<number> {
  const [row] = await tx
    .update(offers)
    .set({ likeCount: sql`greatest(${offers.likeCount} + ${delta}, 0)` })
    .where(eq(offers.id, offerId))
    .returning({ likeCount: offers.likeCount });
  return row?.likeCount ?? 0;
}

/**
 * Likes the offer, or takes the like back when the member already liked it. The like row, the offer's
 * like_count and the author's points change in one transaction; the unique (offer, user) index decides
 * races, and each counter moves only when a row was really inserted or deleted.
 */
export async function toggleOfferLike(db: Db, viewer: Viewer, offerId: string) {
  return db.transaction(async (tx) => {
    const offer = await requireOffer(tx, viewer, offerId);
    const inserted = await tx
      .insert(offerLikes)
      .values({ offerId, userId: viewer.id })
      .onConflictDoNothing()
      .returning({ id: offerLikes.id });
    if (inserted.length > 0) {
      const likeCount = await adjustLikeCount(tx, offerId, 1);
      await adjustAuthorPoints(tx, offer.userId, viewer.id, 1);
      return { liked: true, likeCount };
    }
    const deleted = await tx
      .delete(offerLikes)
      .where(and(eq(offerLikes.offerId, offerId), eq(offerLikes.userId, viewer.id)))
      .returning({ id: offerLikes.id });
    if (deleted.length > 0) {
      const likeCount = await adjustLikeCount(tx, offerId, -1);
      await adjustAuthorPoints(tx, offer.userId, viewer.id, -1);
      return { liked: false, likeCount };
    }
    // A concurrent request of the same member removed the like between our insert and delete.
    const [current] = await tx
      .select({ likeCount: offers.likeCount })
      .from(offers)
      .where(eq(offers.id, offerId));
    return { liked: false, likeCount: current?.likeCount ?? 0 };
  });
}
