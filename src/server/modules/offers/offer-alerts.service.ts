import { formatCount, formatSignedCount } from '../../../shared/number-format';
import { addDays, saoPauloDay } from '../../../shared/sao-paulo-day';
import type { Db, DbOrTx } from '../../db/client';
import { notifyUser } from '../notifications/notifications.repo';
import { findOfferHistoryFacts } from './ad-counts.repo';
import { momentumOfRow, type OfferMomentumView } from './momentum';
import { claimFollowerAlerts, findFollowedTurnedScaling, tryAlertSweepLock } from './offer-alerts.repo';

/** The counts whose crossing (from below to at least) alerts the offer's followers. */
export const ALERT_THRESHOLDS = [50, 100, 200] as const;

export interface AlertFacts extends OfferMomentumView {
  ads: number;
}

/** The offer's count and momentum now, read in the caller's transaction (before and after a point is written). */
export async function alertFactsOf(tx: DbOrTx, offerId: string): Promise<AlertFacts | undefined> {
  const today = saoPauloDay();
  const facts = await findOfferHistoryFacts(tx, offerId, true, today);
  if (!facts) return undefined;
  return { ads: facts.ads, ...momentumOfRow(facts, today) };
}

/** The kinds of alert a change of count and momentum makes: 'escalando' when it turned so, 'ads-<t>' per threshold crossed upwards. */
export function alertKinds(before: AlertFacts, after: AlertFacts): string[] {
  const kinds: string[] = [];
  if (before.momentum !== 'escalando' && after.momentum === 'escalando') kinds.push('escalando');
  for (const t of ALERT_THRESHOLDS) if (before.ads < t && after.ads >= t) kinds.push(`ads-${t}`);
  return kinds;
}

/** The words for the kinds a member is told of: 'está Escalando', and the highest threshold crossed. */
export function alertChanges(kinds: string[]): string {
  const changes: string[] = [];
  if (kinds.includes('escalando')) changes.push('está Escalando');
  const highest = Math.max(0, ...kinds.filter((k) => k.startsWith('ads-')).map((k) => Number(k.slice(4))));
  if (highest > 0) changes.push(`passou de ${formatCount(highest)} anúncios`);
  return changes.join(' e ');
}

/**
 * After a point is written (same transaction): the members who follow the offer (favourites, active, the offer
 * visible) get one bell notification naming the offer and what changed. Each kind is claimed per member, offer and
 * São Paulo day (offer_alerts): a count wobbling around a threshold alerts once a day, and a member is told only
 * of the kinds not yet told today.
 */
export async function alertFollowers(
  tx: DbOrTx,
  offerId: string,
  title: string,
  before: AlertFacts | undefined,
) {
  const after = await alertFactsOf(tx, offerId);
  if (!before || !after) return;
  await tellFollowers(tx, offerId, title, alertKinds(before, after), after);
}

/**
 * Tells each follower of the offer, in one bell notification, of the kinds not yet told today (each claimed per
 * member, offer, kind and São Paulo day in offer_alerts).
 */
async function tellFollowers(
  tx: DbOrTx,
  offerId: string,
  title: string,
  kinds: string[],
  after: AlertFacts,
  day = saoPauloDay(),
) {
  if (kinds.length === 0) return;
  const toldNow = new Map<string, string[]>();
  for (const kind of kinds) {
    for (const userId of await claimFollowerAlerts(tx, offerId, kind, day)) {
      toldNow.set(userId, [...(toldNow.get(userId) ?? []), kind]);
    }
  }
  const growth = after.growth7d ? ` (${formatSignedCount(after.growth7d.ads)} em 7 dias)` : '';
  for (const [userId, userKinds] of toldNow) {
    const changes = alertChanges(userKinds);
    await notifyUser(tx, userId, {
      kind: 'offer-scaling',
      title: `${title} ${changes}`,
      description: `Uma oferta dos seus Favoritos ${changes}: agora com ${formatCount(after.ads)} anúncios ativos${growth}.`,
      link: `/detalhes-oferta/${encodeURIComponent(offerId)}`,
    });
  }
}

/**
 * What only the passing of days changes (a 'Novo' offer on its 7th day, a baseline moving on): the followed offers
 * that are 'Escalando' today and were not yesterday get their followers told, once per kind and day like a new count.
 * One instance of the cluster sweeps at a time (a transaction advisory lock); the offer_alerts claims make a second
 * sweep the same day tell nobody again. Answers how many offers were swept, or null when another instance held the lock.
 */
export async function sweepScalingAlerts(db: Db, now = new Date()): Promise<number | null> {
  const today = saoPauloDay(now);
  return db.transaction(async (tx) => {
    if (!(await tryAlertSweepLock(tx))) return null;
    const turned = await findFollowedTurnedScaling(tx, today, addDays(today, -1));
    for (const offer of turned) {
      const after = await alertFactsOf(tx, offer.id);
      if (after?.momentum === 'escalando')
        await tellFollowers(tx, offer.id, offer.productTitle, ['escalando'], after, today);
    }
    return turned.length;
  });
}

/** The sweep every `everyMs` (a minute by default: an alert arrives within a minute of the change) and at start. */
export function startScalingAlertSweep(db: Db, log: { error(message: string): void }, everyMs = 60_000) {
  const run = () =>
    void sweepScalingAlerts(db).catch((error: unknown) =>
      log.error(`alertas de ofertas seguidas: ${(error as Error).message}`),
    );
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return timer;
}
