import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { offerLikes, offers, userProfiles, users } from '../../db/schema/index';
import { countCommunityLikesReceived } from '../community/ranking.repo';

export interface ProfileFields {
  instagram: string | null;
  avatar: string | null;
}

export async function findProfile(db: DbOrTx, userId: string): Promise<ProfileFields | undefined> {
  const rows = await db
    .select({ instagram: userProfiles.instagram, avatar: userProfiles.avatar })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId))
    .limit(1);
  return rows[0];
}

/** Creates or updates the user's profile; fields left undefined keep their value. */
export async function upsertProfile(
  db: DbOrTx,
  userId: string,
  changes: Partial<ProfileFields>,
): Promise<ProfileFields> {
  const rows = await db
    .insert(userProfiles)
    .values({ userId, instagram: changes.instagram ?? null, avatar: changes.avatar ?? null })
    .onConflictDoUpdate({
      target: userProfiles.userId,
      set: { ...changes, updatedAt: sql`now()` },
    })
    .returning({ instagram: userProfiles.instagram, avatar: userProfiles.avatar });
  return rows[0]!;
}

/** True when some other user's profile shows this avatar URL. */
export async function isAvatarUsedByOthers(db: DbOrTx, url: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: userProfiles.id })
    .from(userProfiles)
    .where(and(eq(userProfiles.avatar, url), ne(userProfiles.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** Counts the likes one kind of item (offers, posts...) received, for items owned by the user. */
type LikeSource = (db: DbOrTx, userId: string) => Promise<number>;

/**
 * Where "likes received" come from: one entry per like table, counting likes on items the user owns.
 * Sources are added here as like tables land (offer_likes with the offers module, post likes with the
 * community).
 */
const LIKE_SOURCES: LikeSource[] = [
  // Likes other members gave the user's offers (a like on your own offer is not "received").
  async (db, userId) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(offerLikes)
      .innerJoin(offers, eq(offers.id, offerLikes.offerId))
      .where(and(eq(offers.userId, userId), ne(offerLikes.userId, userId)));
    return row?.n ?? 0;
  },
  // Likes other members gave the user's community posts (promotion posts earn no points).
  countCommunityLikesReceived,
];

/** Total likes received on the user's posts and offers (the profile's 'N curtida(s)'). */
export async function countLikesReceived(db: DbOrTx, userId: string): Promise<number> {
  const counts = await Promise.all(LIKE_SOURCES.map((count) => count(db, userId)));
  return counts.reduce((sum, n) => sum + n, 0);
}

/** The member's balance as stored now (the session user may be a cached copy). */
export async function findBalanceCents(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ cents: users.balanceCents }).from(users).where(eq(users.id, userId));
  return row?.cents ?? 0;
}
