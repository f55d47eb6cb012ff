import { and, asc, desc, eq, gte, lt, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { SPARKLINE_DAYS } from '../../../shared/offer-constants';
import { SAO_PAULO_TIME_ZONE } from '../../../shared/sao-paulo-month';
import type { DbOrTx } from '../../db/client';
import { offerAdCounts, offers } from '../../db/schema/index';
import {
  COOLING_MAX_PERCENT,
  GROWTH_WINDOW_DAYS,
  NEW_FOR_DAYS,
  SCALING_MIN_ADS,
  SCALING_MIN_PERCENT,
} from './momentum';
import { membersSayInactive } from './status-reports.repo';

/** A São Paulo day 'YYYY-MM-DD', or the placeholder of a prepared statement. */
type DayParam = string | Placeholder;

/** The outer offer, named explicitly (Drizzle writes a single-table select's columns without their table). */
const OFFER_ID = sql.raw('"offers"."id"');
const SAO_PAULO = sql.raw(`'${SAO_PAULO_TIME_ZONE}'`);
const today = (day: DayParam) => sql`${day}::date`;

/**
 * The latest point on or before the day GROWTH_WINDOW_DAYS ago, else the first point (null without points): each
 * one backward or forward step of the (offer_id, day) primary key.
 */
const baselineAds = (day: DayParam) => sql<number | null>`coalesce(
  (select c.ads from offer_ad_counts c where c.offer_id = ${OFFER_ID}
     and c.day <= ${today(day)} - ${sql.raw(String(GROWTH_WINDOW_DAYS))} order by c.day desc limit 1),
  (select c.ads from offer_ad_counts c where c.offer_id = ${OFFER_ID} order by c.day asc limit 1))`;
const firstPointDay = sql`(select min(c.day) from offer_ad_counts c where c.offer_id = ${OFFER_ID})`;

/** What momentum.ts needs of an offer's history, read beside its card (three primary-key lookups per offer). */
export const historyColumns = (day: DayParam) => ({
  firstPointDay: sql<string | null>`(${firstPointDay})::text`,
  lastPointDay: sql<
    string | null
  >`(select max(c.day) from offer_ad_counts c where c.offer_id = ${OFFER_ID})::text`,
  baselineAds: baselineAds(day),
  /** The points of the sparkline's days, 'YYYY-MM-DD:ads' joined by commas, oldest first (one range of the key). */
  sparkPoints: sql<string | null>`(select string_agg(c.day::text || ':' || c.ads::text, ',' order by c.day)
    from offer_ad_counts c where c.offer_id = ${OFFER_ID}
     and c.day > ${today(day)} - ${sql.raw(String(SPARKLINE_DAYS))} and c.day <= ${today(day)})`,
  /** Most of the offer's recent voters say it is inactive (status-reports.repo.ts). */
  membersSayInactive,
  /** The count the sparkline starts from: the latest point before its first day. */
  sparkBefore: sql<number | null>`(select c.ads from offer_ad_counts c where c.offer_id = ${OFFER_ID}
     and c.day <= ${today(day)} - ${sql.raw(String(SPARKLINE_DAYS))} order by c.day desc limit 1)`,
});

/**
 * The momentum rule of momentum.ts in SQL, for the catalogue's filter and sort when PostgreSQL answers (the
 * in-memory index computes it with momentumOf): `m.fs` first seen, `m.b` the baseline, `m.d` the growth in ads.
 */
function withFacts(day: DayParam, expression: SQL): SQL {
  return sql`(select ${expression} from (select x.fs, x.b, ${offers.ads} - coalesce(x.b, ${offers.ads}) as d from (
    select least((${offers.createdAt} at time zone ${SAO_PAULO})::date, ${firstPointDay}) as fs,
      ${baselineAds(day)} as b) x) m)`;
}
const isNew = (day: DayParam) => sql`m.fs > ${today(day)} - ${sql.raw(String(NEW_FOR_DAYS))}`;
const n = (value: number) => sql.raw(String(value));

/** 'novo' | 'escalando' | 'esfriando' | 'estavel', as momentumOf answers. */
export const momentumSql = (day: DayParam) =>
  withFacts(
    day,
    sql`case when ${isNew(day)} then 'novo'
      when m.d >= ${n(SCALING_MIN_ADS)} and m.d * 100 >= ${n(SCALING_MIN_PERCENT)} * coalesce(m.b, 0) then 'escalando'
      when m.b > 0 and m.d * 100 <= ${n(COOLING_MAX_PERCENT)} * m.b then 'esfriando'
      else 'estavel' end`,
  );

/** The 7-day growth in ads (null for 'novo'). */
export const growthSql = (day: DayParam) =>
  withFacts(day, sql`case when ${isNew(day)} then null else m.d end`);

/** The offer's count, locked for the rest of the transaction (point writes of one offer go one at a time). */
export async function lockOfferAds(tx: DbOrTx, offerId: string) {
  const [row] = await tx
    .select({ ads: offers.ads, productTitle: offers.productTitle })
    .from(offers)
    .where(eq(offers.id, offerId))
    .for('update');
  return row;
}

/** One point per offer and day: a second count the same day replaces the first. */
export async function upsertAdCount(tx: DbOrTx, offerId: string, day: string, ads: number): Promise<void> {
  await tx
    .insert(offerAdCounts)
    .values({ offerId, day, ads })
    .onConflictDoUpdate({
      target: [offerAdCounts.offerId, offerAdCounts.day],
      set: { ads, recordedAt: sql`now()` },
    });
}

/**
 * Sets the offer's count to its latest point (updated_at moves with it). When the count does not change (a back-filled older point), the
 * catalogue still hears of the offer (its momentum may have moved): the change feed's `offers:<id>` is sent by hand,
 * as the offers trigger would (migration 0016), delivered at commit.
 */
export async function syncOfferAdsToLatest(tx: DbOrTx, offerId: string): Promise<void> {
  const { rows } = await tx.execute(sql`
    update offers set ads = latest.ads, updated_at = now()
    from (select c.ads from offer_ad_counts c where c.offer_id = ${offerId} order by c.day desc limit 1) latest
    where offers.id = ${offerId} and offers.ads is distinct from latest.ads
    returning offers.id`);
  if (rows.length === 0) await tx.execute(sql`select ce_notify_offers(array[${offerId}]::text[])`);
}

/** The offer's points from `fromDay` on, oldest first. */
export async function listAdPoints(db: DbOrTx, offerId: string, fromDay: string) {
  return db
    .select({ date: offerAdCounts.day, ads: offerAdCounts.ads })
    .from(offerAdCounts)
    .where(and(eq(offerAdCounts.offerId, offerId), gte(offerAdCounts.day, fromDay)))
    .orderBy(asc(offerAdCounts.day));
}

/** The offer's latest point before `day` (the count a window starting that day starts from), or undefined. */
export async function findAdPointBefore(db: DbOrTx, offerId: string, day: string) {
  const [row] = await db
    .select({ date: offerAdCounts.day, ads: offerAdCounts.ads })
    .from(offerAdCounts)
    .where(and(eq(offerAdCounts.offerId, offerId), lt(offerAdCounts.day, day)))
    .orderBy(desc(offerAdCounts.day))
    .limit(1);
  return row;
}

/** The facts momentum.ts needs of one offer the viewer may see (any for the administrator); undefined otherwise. */
export async function findOfferHistoryFacts(db: DbOrTx, offerId: string, admin: boolean, day: string) {
  const [row] = await db
    .select({ createdAt: offers.createdAt, ads: offers.ads, ...historyColumns(day) })
    .from(offers)
    .where(and(eq(offers.id, offerId), admin ? undefined : eq(offers.visible, true)))
    .limit(1);
  return row;
}
