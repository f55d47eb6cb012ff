import { and, eq, ne, sql } from 'drizzle-orm';
import { SAO_PAULO_TIME_ZONE } from '../../../shared/sao-paulo-month';
import type { RankingEntry } from '../../../shared/schemas/community';
import type { DbOrTx } from '../../db/client';
import {
  postLikes,
  posts,
  rankingMonths,
  rankingOverrides,
  userProfiles,
  users,
} from '../../db/schema/index';
import { classifiedLikes } from './like-fairness';

/**
 * The ranking of one period: the likes received in [start, end) that count (like-fairness.ts: on community posts
 * and on offers, never the author's own, none of the excluded ones); the administrator and cancelled members are
 * not ranked. Ties go to who reached the count first (the earlier last counted like), then to the account id, so
 * the order is stable. Runs as an unnamed statement, planned with the real month each time.
 */
export async function listRanking(
  db: DbOrTx,
  period: { start: Date; end: Date },
  month: string,
  places: number,
) {
  const { rows } = await db.execute<{
    id: string;
    name: string;
    avatar: string | null;
    instagram: string | null;
    monthlyLikes: number;
  }>(sql`with ${classifiedLikes(period, month)},
    totals as (
      select author_id, count(*)::int as monthly_likes, max(liked_at) as reached_at
      from classified_likes where reason is null group by author_id
    )
    select u.id, u.name, up.avatar, up.instagram, t.monthly_likes as "monthlyLikes"
    from totals t
    join users u on u.id = t.author_id
    left join user_profiles up on up.user_id = u.id
    where u.role <> 'admin' and u.status = 'Ativo'
    order by t.monthly_likes desc, t.reached_at asc, u.id
    limit ${places}`);
  return rows;
}

/**
 * The administrator's review of one period: every rankable member (not the administrator, not cancelled) with
 * likes received in it, counted and excluded by reason.
 */
export async function listLikeReview(db: DbOrTx, period: { start: Date; end: Date }, month: string) {
  const { rows } = await db.execute<{
    userId: string;
    name: string;
    decision: 'count' | 'exclude' | null;
    reason: string | null;
    count: number;
  }>(
    sql`with ${classifiedLikes(period, month)}
    select u.id as "userId", u.name, o.decision, c.reason, count(*)::int as count
    from classified_likes c
    join users u on u.id = c.author_id
    left join ranking_overrides o on o.month = ${month} and o.user_id = u.id
    where u.role <> 'admin' and u.status = 'Ativo'
    group by u.id, u.name, o.decision, c.reason
    order by u.name, u.id, c.reason nulls first`,
  );
  return rows;
}

/** Likes other members gave the user's community posts (a like on your own post is not "received"). */
export async function countCommunityLikesReceived(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(postLikes)
    .innerJoin(posts, eq(posts.id, postLikes.postId))
    .where(and(eq(posts.userId, userId), eq(posts.kind, 'community'), ne(postLikes.userId, userId)));
  return row?.n ?? 0;
}

/** The public part of a member's profile (the profile modal), without the likes total. */
export async function findPublicProfile(db: DbOrTx, userId: string) {
  const rows = await db
    .select({
      name: users.name,
      uniqueId: users.uniqueId,
      createdAt: users.createdAt,
      avatar: userProfiles.avatar,
      instagram: userProfiles.instagram,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}

/** A closed month's frozen ranking, or undefined when not frozen yet. */
export async function findFrozenMonth(db: DbOrTx, month: string): Promise<RankingEntry[] | undefined> {
  const [row] = await db
    .select({ entries: rankingMonths.entries })
    .from(rankingMonths)
    .where(eq(rankingMonths.month, month));
  return row?.entries;
}

/** Freezes a closed month once: a concurrent freeze of the same month keeps the first row. */
export async function freezeMonth(db: DbOrTx, month: string, entries: RankingEntry[]): Promise<void> {
  await db
    .insert(rankingMonths)
    .values({ month, entries })
    .onConflictDoNothing({ target: rankingMonths.month });
}

/** The administrator's decision on a member's likes of an open month (replaces an earlier one). */
export async function upsertRankingOverride(
  db: DbOrTx,
  row: { month: string; userId: string; decision: 'count' | 'exclude' },
): Promise<void> {
  await db
    .insert(rankingOverrides)
    .values(row)
    .onConflictDoUpdate({
      target: [rankingOverrides.month, rankingOverrides.userId],
      set: { decision: row.decision, decidedAt: new Date() },
    });
}

/** The administrator's decision removed: the rules decide the member's likes of the month again. */
export async function deleteRankingOverride(db: DbOrTx, month: string, userId: string): Promise<void> {
  await db
    .delete(rankingOverrides)
    .where(and(eq(rankingOverrides.month, month), eq(rankingOverrides.userId, userId)));
}

/**
 * The São Paulo month ('YYYY-MM') of the club's first like the ranking would look at (on a community post or an
 * offer, not the author's own), or of its first frozen month if earlier; null when there is neither. Each side walks
 * its likes' date index (post_likes_created_idx, offer_likes_created_idx) and stops at the first such like.
 */
export async function findFirstRankingMonth(db: DbOrTx): Promise<string | null> {
  const { rows } = await db.execute<{ month: string | null; frozen: string | null }>(sql`
    select to_char(least(
      (select pl.created_at from post_likes pl join posts p on p.id = pl.post_id
        where p.kind = 'community' and pl.user_id <> p.user_id order by pl.created_at limit 1),
      (select ol.created_at from offer_likes ol join offers o on o.id = ol.offer_id
        where o.user_id is not null and ol.user_id <> o.user_id order by ol.created_at limit 1)
    ) at time zone ${SAO_PAULO_TIME_ZONE}, 'YYYY-MM') as month,
    (select min(month) from ranking_months) as frozen`);
  const found = [rows[0]?.month, rows[0]?.frozen].filter((m): m is string => Boolean(m)).sort();
  return found[0] ?? null;
}
