import type { OfferMomentum } from '../../../shared/offer-constants';
import { addDays, daysBetween, saoPauloDay } from '../../../shared/sao-paulo-day';

/**
 * An offer's momentum from its ad-count history, the one place of the rule (the catalogue's SQL path writes the
 * same rule with these constants: catalogue-momentum.sql.ts). Pure: today's São Paulo day is an argument, so the
 * answer is right at read time (never a value a periodic job left behind).
 *
 * - 'Novo': first seen less than NEW_FOR_DAYS days ago (wins over the others); growth7d is then null.
 * - 'Escalando': over the last GROWTH_WINDOW_DAYS days, at least +SCALING_MIN_PERCENT % and at least
 *   +SCALING_MIN_ADS ads.
 * - 'Esfriando': at most COOLING_MAX_PERCENT % (−30 %: a fall of 30 % or more).
 * - 'Estável': otherwise.
 * The baseline is the latest point on or before the day GROWTH_WINDOW_DAYS days ago; with no point that old, the
 * first point; with no point at all, the current count (growth 0). A baseline of 0: growth from nothing has no
 * percentage (percent null, +0 ads is 0 %), and counts as at least +30 % (Escalando with +10 ads or more).
 */
export const GROWTH_WINDOW_DAYS = 7;
export const NEW_FOR_DAYS = 7;
export const SCALING_MIN_PERCENT = 30;
export const SCALING_MIN_ADS = 10;
export const COOLING_MAX_PERCENT = -30;

export interface Growth7d {
  ads: number;
  /** A percentage (30 means +30 %), one decimal; null when the baseline is 0 and the count grew. */
  percent: number | null;
}

export interface MomentumFacts {
  /** Today in São Paulo, 'YYYY-MM-DD'. */
  today: string;
  /** The São Paulo day the offer was created. */
  createdDay: string;
  /** The offer's count: its latest point. */
  ads: number;
  firstPointDay: string | null;
  lastPointDay: string | null;
  /** The latest point on or before today − GROWTH_WINDOW_DAYS, else the first point; null without points. */
  baselineAds: number | null;
}

export interface OfferMomentumView {
  momentum: OfferMomentum;
  growth7d: Growth7d | null;
  firstSeen: string;
  lastSeen: string;
}

/** The day on or before which a point is a baseline candidate. */
export const baselineCutoff = (today: string) => addDays(today, -GROWTH_WINDOW_DAYS);

/** First seen: the first point's day, or the creation day when earlier or without points. */
export function firstSeenOf(createdDay: string, firstPointDay: string | null): string {
  return firstPointDay !== null && firstPointDay < createdDay ? firstPointDay : createdDay;
}

/** An offer's momentum on `today` from its row's count, creation time and history facts (historyColumns). */
export function momentumOfRow(
  row: Pick<MomentumFacts, 'ads' | 'firstPointDay' | 'lastPointDay' | 'baselineAds'> & { createdAt: Date },
  today: string,
): OfferMomentumView {
  return momentumOf({
    today,
    createdDay: saoPauloDay(row.createdAt),
    ads: row.ads,
    firstPointDay: row.firstPointDay,
    lastPointDay: row.lastPointDay,
    baselineAds: row.baselineAds,
  });
}

export function momentumOf(facts: MomentumFacts): OfferMomentumView {
  const firstSeen = firstSeenOf(facts.createdDay, facts.firstPointDay);
  const lastSeen = facts.lastPointDay ?? facts.createdDay;
  if (daysBetween(firstSeen, facts.today) < NEW_FOR_DAYS) {
    return { momentum: 'novo', growth7d: null, firstSeen, lastSeen };
  }
  const baseline = facts.baselineAds ?? facts.ads;
  const delta = facts.ads - baseline;
  const percent = baseline === 0 ? (delta === 0 ? 0 : null) : Math.round((delta * 1000) / baseline) / 10;
  return { momentum: classify(delta, baseline), growth7d: { ads: delta, percent }, firstSeen, lastSeen };
}

/** Integer comparisons (no rounding at the thresholds): delta / baseline ≥ 30 % is delta × 100 ≥ 30 × baseline. */
function classify(delta: number, baseline: number): OfferMomentum {
  if (delta >= SCALING_MIN_ADS && delta * 100 >= SCALING_MIN_PERCENT * baseline) return 'escalando';
  if (baseline > 0 && delta * 100 <= COOLING_MAX_PERCENT * baseline) return 'esfriando';
  return 'estavel';
}

/** One point per day, oldest first. */
export interface AdPoint {
  date: string;
  ads: number;
}

/** The facts of momentumOf read from a whole history (oldest first), as the SQL reads them from the table. */
export function factsFromPoints(
  points: AdPoint[],
  today: string,
  createdDay: string,
  ads: number,
): MomentumFacts {
  const cutoff = baselineCutoff(today);
  let baseline: AdPoint | undefined;
  for (const point of points) if (point.date <= cutoff) baseline = point;
  return {
    today,
    createdDay,
    ads,
    firstPointDay: points[0]?.date ?? null,
    lastPointDay: points.at(-1)?.date ?? null,
    baselineAds: (baseline ?? points[0])?.ads ?? null,
  };
}
