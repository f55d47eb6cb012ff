import { addDays, saoPauloDay } from '../../../shared/sao-paulo-day';
import type { AdHistory, adCountInput } from '../../../shared/schemas/offers';
import type { z } from '../../../shared/schemas/zod';
import type { Db, DbOrTx } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import type { Viewer } from '../../plugins/access';
import {
  findAdPointBefore,
  findOfferHistoryFacts,
  listAdPoints,
  lockOfferAds,
  syncOfferAdsToLatest,
  upsertAdCount,
} from './ad-counts.repo';
import { momentumOfRow } from './momentum';
import { alertFactsOf, alertFollowers } from './offer-alerts.service';
import { presentAdHistory } from './offers.presenters';
import { OFFER_NOT_FOUND } from './offers.service';

type Deps = { db: Db };

/**
 * The point of a count the offer's own write just set (the administrator's create or edit, an approved
 * submission): today's, in the caller's transaction. The offer's `ads` is already this count, today's being the
 * latest day there can be.
 */
export async function recordTodaysAdCount(tx: DbOrTx, offerId: string, ads: number): Promise<void> {
  await upsertAdCount(tx, offerId, saoPauloDay(), ads);
}

/**
 * POST /api/admin/offers/{id}/ad-counts: a dated count (today in São Paulo by default; the schema refuses a future
 * day), one per day (a second replaces the first), in one transaction with the offer's `ads`, which follows its
 * latest point (a back-filled older point leaves it); the offer's followers are alerted of what changed
 * (offer-alerts.service.ts). 404 'Oferta não encontrada' for an unknown offer.
 */
export async function recordAdCountByAdmin(
  deps: Deps,
  admin: Viewer,
  offerId: string,
  input: z.output<typeof adCountInput>,
): Promise<AdHistory> {
  const day = input.date ?? saoPauloDay();
  await deps.db.transaction(async (tx) => {
    const offer = await lockOfferAds(tx, offerId);
    if (!offer) throw new NotFoundError(OFFER_NOT_FOUND);
    const before = await alertFactsOf(tx, offerId);
    await upsertAdCount(tx, offerId, day, input.ads);
    await syncOfferAdsToLatest(tx, offerId);
    await alertFollowers(tx, offerId, offer.productTitle, before);
  });
  return getAdHistory(deps, admin, offerId, DEFAULT_HISTORY_DAYS);
}

export const DEFAULT_HISTORY_DAYS = 90;

/**
 * GET /api/offers/{id}/ad-history: the points of the last `days` days (today in São Paulo included), oldest first,
 * the latest point before them (`before`: a steady offer's chart is a flat line from the window's first day, and an
 * offer whose last count is older than the window still has one), and the offer's momentum now (the card's). A
 * hidden offer only for the administrator, as the detail.
 */
export async function getAdHistory(
  deps: Deps,
  viewer: Viewer,
  offerId: string,
  days: number,
): Promise<AdHistory> {
  const today = saoPauloDay();
  // Both at once (one round trip of waiting): the points of an offer the viewer may not see are never answered.
  const from = addDays(today, -(days - 1));
  const [facts, points, before] = await Promise.all([
    findOfferHistoryFacts(deps.db, offerId, viewer.isAdmin, today),
    listAdPoints(deps.db, offerId, from),
    findAdPointBefore(deps.db, offerId, from),
  ]);
  if (!facts) throw new NotFoundError(OFFER_NOT_FOUND);
  return presentAdHistory(points, before ?? null, momentumOfRow(facts, today));
}
