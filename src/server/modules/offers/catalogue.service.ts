import type { OfferPage } from '../../../shared/schemas/offers';
import type { DbOrTx } from '../../db/client';
import type { ChangeFeed } from '../../lib/change-feed';
import type { Viewer } from '../../plugins/access';
import { type CatalogueQuery, listCatalogue } from './catalogue.repo';
import { CatalogueCache } from './catalogue-cache';
import { CatalogueIndex } from './catalogue-index';
import { presentSharedCard } from './offers.presenters';

export type { CatalogueQuery };

/** The catalogue cache of one app instance, with its in-memory index, kept right by the change feed. */
export function createCatalogueCache(feed: ChangeFeed, db: DbOrTx, maxOffers: number): CatalogueCache {
  return new CatalogueCache(feed, new CatalogueIndex(db, maxOffers, presentSharedCard));
}

/** A page of the members' catalogue as this viewer sees it (answered from the cache when it can). */
export function listOffers(
  db: DbOrTx,
  viewer: Viewer,
  query: CatalogueQuery,
  cache?: CatalogueCache,
): Promise<OfferPage> {
  return listCatalogue(db, viewer, query, cache);
}
