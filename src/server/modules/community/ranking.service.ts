import type { LikeExclusionReason } from '../../../shared/like-exclusion';
import { saoPauloMonth, saoPauloMonthKey, saoPauloMonthOf } from '../../../shared/sao-paulo-month';
import {
  RANKING_DECISION_CLEARED,
  RANKING_DECISION_SAVED,
  RANKING_MONTH_CLOSED,
  RANKING_MONTH_NOT_STARTED,
  RANKING_MONTHS_MAX,
  type RankingEntry,
  type RankingMonthList,
  type RankingOverrideInput,
  type RankingReview,
  USER_NOT_FOUND,
  type UserPublicProfile,
} from '../../../shared/schemas/community';
import type { DbOrTx } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { FillCache } from '../../lib/fill-cache';
import { countLikesReceived } from '../profile/profile.repo';
import {
  deleteRankingOverride,
  findFirstRankingMonth,
  findFrozenMonth,
  findPublicProfile,
  freezeMonth,
  listLikeReview,
  listRanking,
  upsertRankingOverride,
} from './ranking.repo';

/** Places the ranking shows: the podium (1-3) and 'Outros Colocados' (4-10). */
export const RANKING_PLACES = 10;

/**
 * GET /api/ranking/monthly[?month=YYYY-MM]: the São Paulo month containing `now` (live, counted likes only), or an
 * earlier month as it was frozen when it closed. The first call after a month ends freezes it (ranking_months, once
 * per cluster: the first insert wins and every caller answers the stored row).
 */
export async function getMonthlyRanking(
  db: DbOrTx,
  now: Date = new Date(),
  month: string = saoPauloMonthKey(now),
): Promise<RankingEntry[]> {
  const current = saoPauloMonthKey(now);
  if (month > current) throw new ValidationError(RANKING_MONTH_NOT_STARTED);
  if (month === current) return liveRanking(db, saoPauloMonth(now), month);
  const frozen = await findFrozenMonth(db, month);
  if (frozen) return frozen;
  await freezeMonth(db, month, await liveRanking(db, saoPauloMonthOf(month), month));
  return (await findFrozenMonth(db, month)) ?? [];
}

/** How long an instance answers the open month's ranking from memory (the fairness rules read the month's likes). */
export const LIVE_RANKING_TTL_MS = 10_000;

/**
 * GET /api/ranking/monthly as members call it: the open month from a per-instance memory of LIVE_RANKING_TTL_MS (one
 * computation in flight; every member's request in between shares it), so a like or an override shows within seconds
 * without every ranking tab recomputing the month; closed months as getMonthlyRanking serves them (frozen rows).
 */
export function createLiveRanking(db: DbOrTx) {
  const open = new FillCache<Promise<RankingEntry[]>>(2, LIVE_RANKING_TTL_MS);
  return {
    get(month?: string, now: Date = new Date()): Promise<RankingEntry[]> {
      const current = saoPauloMonthKey(now);
      if (month !== undefined && month !== current) return getMonthlyRanking(db, now, month);
      const cached = open.get(current);
      if (cached) return cached;
      const computing = getMonthlyRanking(db, now, current);
      open.set(current, computing, open.token());
      computing.catch(() => open.delete(current));
      return computing;
    },
    /** The administrator changed a decision: this instance computes the month again at the next request. */
    forget(month: string) {
      open.delete(month);
    },
  };
}

async function liveRanking(
  db: DbOrTx,
  period: { start: Date; end: Date },
  month: string,
): Promise<RankingEntry[]> {
  const rows = await listRanking(db, period, month, RANKING_PLACES);
  return rows.map((row, index) => ({
    id: row.id,
    position: index + 1,
    name: row.name,
    avatar: row.avatar,
    instagram: row.instagram,
    monthlyLikes: row.monthlyLikes,
  }));
}

/**
 * GET /api/admin/ranking/review?month=YYYY-MM: every rankable member with likes received that São Paulo month, the
 * counted ones and the excluded ones by reason (like-fairness.ts).
 */
export async function getRankingReview(db: DbOrTx, month: string): Promise<RankingReview> {
  const rows = await listLikeReview(db, saoPauloMonthOf(month), month);
  const entries: RankingReview['entries'] = [];
  for (const row of rows) {
    let entry = entries.at(-1);
    if (entry?.userId !== row.userId) {
      entry = { userId: row.userId, name: row.name, counted: 0, excluded: [], decision: row.decision };
      entries.push(entry);
    }
    if (row.reason === null) entry.counted = row.count;
    else entry.excluded.push({ reason: row.reason as LikeExclusionReason, count: row.count });
  }
  return { entries };
}

/**
 * POST /api/admin/ranking/review/overrides: the administrator counts ('count') or excludes ('exclude') all of a
 * member's likes of the current São Paulo month, before it closes, or hands them back to the rules (null); a closed
 * month is frozen (409). Answers the message the screen shows.
 */
export async function overrideRanking(
  db: DbOrTx,
  input: RankingOverrideInput,
  now: Date = new Date(),
): Promise<string> {
  const current = saoPauloMonthKey(now);
  if (input.month < current) throw new ConflictError(RANKING_MONTH_CLOSED);
  if (input.month > current) throw new ValidationError(RANKING_MONTH_NOT_STARTED);
  if (!(await findPublicProfile(db, input.userId))) throw new NotFoundError(USER_NOT_FOUND);
  if (input.decision === null) {
    await deleteRankingOverride(db, input.month, input.userId);
    return RANKING_DECISION_CLEARED;
  }
  await upsertRankingOverride(db, { ...input, decision: input.decision });
  return RANKING_DECISION_SAVED;
}

/** 'YYYY-MM' one month before `key`. */
function previousMonthKey(key: string): string {
  const [year, month] = key.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/**
 * GET /api/ranking/months: the months a member can open in the ranking, newest first: the current São Paulo month
 * back to the first month with a ranked like or a frozen ranking (whichever is earlier), at most RANKING_MONTHS_MAX.
 */
export async function listRankingMonths(db: DbOrTx, now: Date = new Date()): Promise<RankingMonthList> {
  const current = saoPauloMonthKey(now);
  const first = (await findFirstRankingMonth(db)) ?? current;
  const months = [current];
  while (months.length < RANKING_MONTHS_MAX) {
    const previous = previousMonthKey(months.at(-1) as string);
    if (previous < first) break;
    months.push(previous);
  }
  return { months };
}

/** GET /api/user/{userId}/profile: the profile modal; the likes total is the one of the member's own profile. */
export async function getPublicProfile(db: DbOrTx, userId: string): Promise<UserPublicProfile> {
  const [found, totalLikesReceived] = await Promise.all([
    findPublicProfile(db, userId),
    countLikesReceived(db, userId),
  ]);
  if (!found) throw new NotFoundError(USER_NOT_FOUND);
  return {
    name: found.name,
    avatar: found.avatar,
    uniqueId: found.uniqueId,
    instagram: found.instagram,
    totalLikesReceived,
    memberSince: found.createdAt.toISOString(),
  };
}
