import { and, eq, gte, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { offerLikes, offers, postLikes, posts, userProfiles, users } from '../../db/schema/index';

const p = sql.placeholder;

/**
 * The ranking of one period: likes received in [start, end) on community posts and on offers (the likes that earn
 * points), never the author's own; the administrator and cancelled members are not ranked. Ties go to who reached
 * the count first (the earlier last counted like), then to the account id, so the order is stable.
 */
function buildRanking(db: DbOrTx) {
  const received = db.$with('received').as(
    db
      .select({ authorId: posts.userId, likedAt: postLikes.createdAt })
      .from(postLikes)
      .innerJoin(posts, eq(posts.id, postLikes.postId))
      .where(
        and(
          eq(posts.kind, 'community'),
          ne(postLikes.userId, posts.userId),
          gte(postLikes.createdAt, p('start')),
          lt(postLikes.createdAt, p('end')),
        ),
      )
      .unionAll(
        db
          .select({ authorId: sql<string>`${offers.userId}`.as('author_id'), likedAt: offerLikes.createdAt })
          .from(offerLikes)
          .innerJoin(offers, eq(offers.id, offerLikes.offerId))
          .where(
            and(
              isNotNull(offers.userId),
              sql`${offerLikes.userId} <> ${offers.userId}`,
              gte(offerLikes.createdAt, p('start')),
              lt(offerLikes.createdAt, p('end')),
            ),
          ),
      ),
  );
  const totals = db.$with('totals').as(
    db
      .select({
        authorId: received.authorId,
        monthlyLikes: sql<number>`count(*)::int`.as('monthly_likes'),
        reachedAt: sql<Date>`max(${received.likedAt})`.as('reached_at'),
      })
      .from(received)
      .groupBy(received.authorId),
  );
  return db
    .with(received, totals)
    .select({
      id: users.id,
      name: users.name,
      avatar: userProfiles.avatar,
      instagram: userProfiles.instagram,
      monthlyLikes: totals.monthlyLikes,
    })
    .from(totals)
    .innerJoin(users, eq(users.id, totals.authorId))
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(and(ne(users.role, 'admin'), eq(users.status, 'Ativo')))
    .orderBy(sql`${totals.monthlyLikes} desc`, sql`${totals.reachedAt} asc`, users.id)
    .limit(p('limit'));
}

/**
 * Runs as an unnamed statement, planned with the real month each time. As a named prepared statement PostgreSQL
 * switched it to a generic plan after five runs: guessing that 0.5% of the likes fall in the month, it probed
 * posts once per like (10,000 likes: 70 ms instead of 6 ms, bench/community-bench.ts).
 */
export async function listRanking(db: DbOrTx, period: { start: Date; end: Date }, places: number) {
  return buildRanking(db).execute({ start: period.start, end: period.end, limit: places });
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
