import { saoPauloMonth } from '../../../shared/sao-paulo-month';
import { type RankingEntry, USER_NOT_FOUND, type UserPublicProfile } from '../../../shared/schemas/community';
import type { DbOrTx } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { countLikesReceived } from '../profile/profile.repo';
import { findPublicProfile, listRanking } from './ranking.repo';

/** Places the ranking shows: the podium (1-3) and 'Outros Colocados' (4-10). */
export const RANKING_PLACES = 10;

/** GET /api/ranking/monthly: the month containing `now` in São Paulo time. */
export async function getMonthlyRanking(db: DbOrTx, now: Date = new Date()): Promise<RankingEntry[]> {
  const rows = await listRanking(db, saoPauloMonth(now), RANKING_PLACES);
  return rows.map((row, index) => ({
    id: row.id,
    position: index + 1,
    name: row.name,
    avatar: row.avatar,
    instagram: row.instagram,
    monthlyLikes: row.monthlyLikes,
  }));
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
