import { SPARKLINE_DAYS } from '../../../shared/offer-constants';
import { addDays } from '../../../shared/sao-paulo-day';
import type { FunnelMap } from '../../../shared/schemas/funnel';
import type { AdHistory, OfferCard } from '../../../shared/schemas/offers';
import type { offers } from '../../db/schema/index';
import type { OfferFunnelMapRow } from './funnel-map.repo';
import { type AdPoint, momentumOfRow, type OfferMomentumView } from './momentum';
import { parseOfferLinks } from './offer-links';

export type OfferRow = typeof offers.$inferSelect;

/** An offer row with the facts of its ad-count history (historyColumns). */
export type OfferHistoryRow = OfferRow & {
  firstPointDay: string | null;
  lastPointDay: string | null;
  baselineAds: number | null;
  sparkPoints: string | null;
  sparkBefore: number | null;
  membersSayInactive: boolean;
};

/** A card as every member sees it: the viewer's flags and the live like count are added per request. */
export type SharedCard = Omit<OfferCard, 'likedByMe' | 'favoritedByMe'>;

/** An offer row with the facts of its ad-count history and the viewer's own flags. */
export type OfferCardRow = OfferHistoryRow & { likedByMe: boolean; favoritedByMe: boolean };

/**
 * The count on each of the sparkline's days (the last SPARKLINE_DAYS, oldest first): the latest point on or before
 * that day, null before the offer's first point. `points` is 'YYYY-MM-DD:ads,...' of the window, oldest first.
 */
export function presentSpark(points: string | null, before: number | null, today: string): (number | null)[] {
  const counts = new Map<string, number>();
  for (const item of points ? points.split(',') : []) {
    const [day, ads] = item.split(':');
    if (day) counts.set(day, Number(ads));
  }
  const spark: (number | null)[] = [];
  let current = before;
  for (const day of sparkDays(today)) {
    current = counts.get(day) ?? current;
    spark.push(current);
  }
  return spark;
}

let sparkWindow: { today: string; days: string[] } = { today: '', days: [] };

/** The sparkline's days ending on `today`, oldest first (the same for every card of a day: computed once). */
function sparkDays(today: string): string[] {
  if (sparkWindow.today !== today) {
    const days = Array.from({ length: SPARKLINE_DAYS }, (_, i) => addDays(today, i - SPARKLINE_DAYS + 1));
    sparkWindow = { today, days };
  }
  return sparkWindow.days;
}

/**
 * The API's card: ticket in reais, links parsed, dates ISO (field by field: it runs for every card of a page), and
 * its momentum on `today` (the São Paulo day the history facts were read for).
 */
export function presentOfferCard(row: OfferCardRow, today: string): OfferCard {
  const momentum = momentumOfRow(row, today);
  return {
    id: row.id,
    userId: row.userId,
    advertiser: row.advertiser,
    creative: row.creative,
    creativeType: row.creativeType,
    adText: row.adText,
    productTitle: row.productTitle,
    status: row.status,
    niche: row.niche,
    format: row.format,
    language: row.language,
    ads: row.ads,
    roas: row.roas,
    ticket: row.ticketCents / 100,
    links: parseOfferLinks(row.links),
    visible: row.visible,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    likeCount: row.likeCount,
    likedByMe: row.likedByMe,
    favoritedByMe: row.favoritedByMe,
    momentum: momentum.momentum,
    growth7d: momentum.growth7d,
    firstSeen: momentum.firstSeen,
    lastSeen: momentum.lastSeen,
    spark: presentSpark(row.sparkPoints, row.sparkBefore, today),
    membersSayInactive: row.membersSayInactive,
  };
}

/** The card of an offer row without the viewer's flags, its momentum on `today`. */
export function presentSharedCard(row: OfferHistoryRow, today: string): SharedCard {
  const { likedByMe, favoritedByMe, ...card } = presentOfferCard(
    { ...row, likedByMe: false, favoritedByMe: false },
    today,
  );
  return card;
}

/** GET /api/offers/{id}/ad-history: the window's points (oldest first) and the offer's momentum on `facts.today`. */
export function presentAdHistory(
  points: AdPoint[],
  before: AdPoint | null,
  momentum: OfferMomentumView,
): AdHistory {
  return { points, before, ...momentum };
}

/** Pictures still "pending" this long after the map were lost with their instance: the map is shown without them. */
const PICTURES_GIVE_UP_MS = 5 * 60 * 1000;

/** A stored funnel map as GET /api/offers/{id}/funnel-map answers it. */
export function presentFunnelMap(row: OfferFunnelMapRow, now = Date.now()): FunnelMap {
  return {
    mappedAt: row.mappedAt.toISOString(),
    mappedBy: row.mappedByName,
    domain: row.domain,
    screenshotsPending: row.screenshotsPending && now - row.mappedAt.getTime() < PICTURES_GIVE_UP_MS,
    funnel: row.funnel,
  };
}
