import { FAVORITE_EXISTS_CODE } from '../../../shared/schemas/offers';
import type { DbOrTx } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { Viewer } from '../../plugins/access';
import { addFavorite, deleteFavorite, listFavoriteOfferIds } from './favorites.repo';
import { OFFER_NOT_FOUND } from './offers.service';

const FAVORITES_CAP = 5000;

/** Ids of the visible offers the member favourited, newest favourite first. */
export function listFavorites(db: DbOrTx, userId: string): Promise<string[]> {
  return listFavoriteOfferIds(db, userId, FAVORITES_CAP);
}

/** One favourite per member per offer, of an offer the viewer may see. */
export async function addToFavorites(db: DbOrTx, viewer: Viewer, offerId: string): Promise<void> {
  const added = await addFavorite(db, viewer, offerId);
  if (added === 'missing') throw new NotFoundError(OFFER_NOT_FOUND);
  if (added === 'exists') {
    throw new ConflictError('Já está nos favoritos', { code: FAVORITE_EXISTS_CODE });
  }
}

export async function removeFromFavorites(db: DbOrTx, userId: string, offerId: string): Promise<void> {
  if (!(await deleteFavorite(db, userId, offerId))) {
    throw new NotFoundError('Esta oferta não está nos seus favoritos.');
  }
}
