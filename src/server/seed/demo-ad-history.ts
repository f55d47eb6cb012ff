import { addDays } from '../../shared/sao-paulo-day';
import type { DemoOffer } from './demo-offers';

/** Days of history the demo offers carry (back-filled from the ad library, as the administrator would). */
export const DEMO_HISTORY_DAYS = 120;
/** The one demo offer without a history: first seen today, so a new club shows 'Novo' too. */
export const DEMO_NEW_OFFER = 'Renda Extra com Celular 2.0';

type Trend = 'scaling' | 'cooling' | 'steady';
/** Every third offer scaling this week, every third cooling, the rest steady (small counts stay steady). */
const trendOf = (index: number): Trend => (['scaling', 'cooling', 'steady'] as const)[index % 3]!;

/**
 * A daily ad-count history ending today at the offer's count: a slow drift over the months, then this week's
 * move (from 55 % of today's count when scaling, from today's count / 0.6 when cooling), a small wobble on steady
 * days. Deterministic (the same demo on every new club).
 */
export function demoAdHistory(
  offer: DemoOffer,
  index: number,
  today: string,
): { day: string; ads: number }[] {
  if (offer.title === DEMO_NEW_OFFER) return [{ day: today, ads: offer.ads }];
  const trend = trendOf(index);
  const weekAgo = trend === 'scaling' ? offer.ads * 0.55 : trend === 'cooling' ? offer.ads / 0.6 : offer.ads;
  const points: { day: string; ads: number }[] = [];
  for (let ago = DEMO_HISTORY_DAYS - 1; ago >= 0; ago--) {
    let ads: number;
    if (ago >= 7) {
      // Months before: from 40 % of last week's count up to it.
      const t = (DEMO_HISTORY_DAYS - 1 - ago) / (DEMO_HISTORY_DAYS - 8);
      const wobble = 1 + 0.04 * Math.sin(ago * 1.7 + index);
      ads = weekAgo * (0.4 + 0.6 * t) * wobble;
      if (ago === 7) ads = weekAgo;
    } else {
      // This week: from last week's count to today's.
      ads = weekAgo + ((offer.ads - weekAgo) * (7 - ago)) / 7;
    }
    points.push({ day: addDays(today, -ago), ads: Math.max(0, Math.round(ads)) });
  }
  points[points.length - 1]!.ads = offer.ads;
  return points;
}
