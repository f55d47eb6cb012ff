import type { DbOrTx } from '../../db/client';
import type { LikeToggle } from '../../db/toggle-like';
import { NotFoundError } from '../../lib/errors';
import type { Viewer } from '../../plugins/access';
import { listLikeCounts, listLikedOfferIds, toggleOfferLikeRow } from './offers.repo';
import { OFFER_NOT_FOUND } from './offers.service';

/**
 * Likes the offer, or takes the like back: the like row, the offer's like_count and the author's points move in
 * one statement (db/toggle-like.ts). 404 when the viewer may not see the offer.
 */
export async function toggleOfferLike(db: DbOrTx, viewer: Viewer, offerId: string): Promise<LikeToggle> {
  const result = await toggleOfferLikeRow(db, viewer, offerId);
  if (!result) throw new NotFoundError(OFFER_NOT_FOUND);
  return result;
}

/** Without ids the like counts cover every visible offer, up to this many. */
const ALL_LIKE_COUNTS_CAP = 5000;
const LIKED_OFFERS_CAP = 5000;

/** offer id -> like count of the visible offers among `ids` (an empty list: none; none given: every one). */
export async function countOfferLikes(
  db: DbOrTx,
  ids: string[] | undefined,
): Promise<Record<string, number>> {
  if (ids?.length === 0) return {};
  return listLikeCounts(db, ids, ids ? ids.length : ALL_LIKE_COUNTS_CAP);
}

/** Ids of the visible offers the member liked, newest like first. */
export function listLikedOffers(db: DbOrTx, userId: string): Promise<string[]> {
  return listLikedOfferIds(db, userId, LIKED_OFFERS_CAP);
}
