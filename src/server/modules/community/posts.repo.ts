import { and, eq, ilike, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FeedQuery } from '../../../shared/schemas/community';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { postLikes, posts, userProfiles, users } from '../../db/schema/index';
import { toggleLike } from '../../db/toggle-like';
import { presentPost } from './community.presenters';

export type PostKind = 'community' | 'promotion';

/** A reader who is not signed in: no like of theirs can match. */
export const NO_VIEWER = '00000000-0000-0000-0000-000000000000';

const p = sql.placeholder;
/** Correlated subqueries name the outer post explicitly (see offers.repo.ts on Drizzle's unqualified columns). */
const POST_ID = sql.raw('"posts"."id"');

/** The columns of a card, its author and the reader's own like, for one joined query (no query per card). */
const cardColumns = (viewer: Placeholder | string) => ({
  id: posts.id,
  userId: posts.userId,
  userName: users.name,
  userAvatar: userProfiles.avatar,
  title: posts.title,
  description: posts.description,
  image: posts.image,
  nicho: posts.nicho,
  formato: posts.formato,
  categoria: posts.categoria,
  createdAt: posts.createdAt,
  likeCount: posts.likeCount,
  commentCount: posts.commentCount,
  likedByMe: sql<boolean>`exists (select 1 from post_likes l where l.post_id = ${POST_ID} and l.user_id = ${viewer})`,
});

/** ILIKE pattern for a literal substring (%, _ and \ in the search are not wildcards). */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
/** True when the search has a word of 3 letters or digits, from which pg_trgm extracts trigrams. */
const hasTrigram = (search: string) => /[\p{L}\p{N}]{3}/u.test(search);

const isMine = (q: FeedQuery) => q.mine === '1' || q.mine === 'true';

/** Which filters are set (values are parameters) and the kind of search: one shape, one prepared statement. */
const shapeOf = (kind: PostKind, q: FeedQuery) =>
  `posts_${kind}_${q.sort}_${q.search ? (hasTrigram(q.search) ? 'trgm' : 'short') : 'none'}_` +
  [q.nicho, q.formato, q.categoria, isMine(q)].map((v) => (v ? 1 : 0)).join('');

function feedWhere(kind: PostKind, q: FeedQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(posts.kind, kind)];
  if (q.nicho) where.push(eq(posts.nicho, p('nicho')));
  if (q.formato) where.push(eq(posts.formato, p('formato')));
  if (q.categoria) where.push(eq(posts.categoria, p('categoria')));
  if (isMine(q)) where.push(eq(posts.userId, p('viewer')));
  if (q.search) {
    // Short searches have no trigram: written as expressions the trigram indexes do not cover (no plan tries them).
    const column = hasTrigram(q.search) ? (c: PgColumn) => c : (c: PgColumn) => sql`(${c} || '')`;
    where.push(or(ilike(column(posts.title), p('pattern')), ilike(column(posts.description), p('pattern'))));
  }
  return and(...where);
}

// "desc nulls last" is the order of the (kind, created_at desc, id desc) index; "asc nulls first" its backward scan.
const ORDER: Record<FeedQuery['sort'], SQL[]> = {
  recent: [sql`${posts.createdAt} desc nulls last`, sql`${posts.id} desc nulls last`],
  oldest: [sql`${posts.createdAt} asc nulls first`, sql`${posts.id} asc nulls first`],
};

const buildPage = (db: DbOrTx, kind: PostKind, q: FeedQuery) =>
  db
    .select(cardColumns(p('viewer')))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, posts.userId))
    .where(feedWhere(kind, q))
    .orderBy(...ORDER[q.sort])
    .limit(p('limit'))
    .offset(p('offset'));

const buildTotal = (db: DbOrTx, kind: PostKind, q: FeedQuery) =>
  db.select({ n: sql<number>`count(*)::int` }).from(posts).where(feedWhere(kind, q));

function preparedShape(db: DbOrTx, kind: PostKind, q: FeedQuery) {
  const name = shapeOf(kind, q);
  return {
    page: prepared(db, name, (statement) => buildPage(db, kind, q).prepare(statement)),
    total: prepared(db, `${name}_n`, (statement) => buildTotal(db, kind, q).prepare(statement)),
  };
}

/** One page of a feed (cards with counts and the reader's like in one query) and the total (a second one). */
export async function listFeed(db: DbOrTx, kind: PostKind, viewerId: string, q: FeedQuery) {
  const shape = preparedShape(db, kind, q);
  const params = {
    viewer: viewerId,
    nicho: q.nicho,
    formato: q.formato,
    categoria: q.categoria,
    pattern: q.search ? containsPattern(q.search) : undefined,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  };
  const [rows, [count]] = await Promise.all([shape.page.execute(params), shape.total.execute(params)]);
  return { items: rows.map(presentPost), total: count?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** One post as a card, for the reader (after it is created). */
export async function findPostCard(db: DbOrTx, kind: PostKind, id: string, viewerId: string) {
  const rows = await db
    .select(cardColumns(viewerId))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, posts.userId))
    .where(and(eq(posts.id, id), eq(posts.kind, kind)))
    .limit(1);
  return rows[0] ? presentPost(rows[0]) : undefined;
}

export interface NewPost {
  kind: PostKind;
  userId: string;
  title: string;
  description: string;
  image: string | null;
  nicho: string;
  formato: string;
  categoria: string;
}

export async function insertPost(db: DbOrTx, values: NewPost): Promise<string> {
  const [row] = await db.insert(posts).values(values).returning({ id: posts.id });
  return row!.id;
}

/** The post locked for deletion (waits for likes and comments in flight). */
export async function lockPostForDelete(tx: DbOrTx, kind: PostKind, id: string) {
  const rows = await tx
    .select({ id: posts.id, userId: posts.userId, image: posts.image, description: posts.description })
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.kind, kind)))
    .for('update')
    .limit(1);
  return rows[0];
}

/** Likes on the post given by someone other than its author (the ones that earned points). */
export async function countLikesFromOthers(tx: DbOrTx, postId: string, authorId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(postLikes)
    .where(and(eq(postLikes.postId, postId), sql`${postLikes.userId} <> ${authorId}`));
  return row?.n ?? 0;
}

/** Deletes the post; its comments, their likes and its likes go with it (foreign keys on delete cascade). */
export async function deletePostRow(tx: DbOrTx, id: string) {
  await tx.delete(posts).where(eq(posts.id, id));
}

/** True when some post still shows this stored file (as its image or inside its description). */
export async function isImageReferenced(db: DbOrTx, url: string): Promise<boolean> {
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(or(eq(posts.image, url), sql`strpos(${posts.description}, ${url}) > 0`))
    .limit(1);
  return rows.length > 0;
}

/** Adds delta to the post's comment count (never below 0); false when the post is gone. */
export async function adjustPostCommentCount(tx: DbOrTx, postId: string, delta: number): Promise<boolean> {
  const rows = await tx
    .update(posts)
    .set({ commentCount: sql`greatest(${posts.commentCount} + ${delta}, 0)` })
    .where(eq(posts.id, postId))
    .returning({ id: posts.id });
  return rows.length > 0;
}

/**
 * The viewer's like on a post of this kind toggled (db/toggle-like.ts: one statement); `pointsPerLike` to the
 * author for a like from someone else. Undefined when there is no such post.
 */
export function togglePostLikeRow(
  db: DbOrTx,
  kind: PostKind,
  userId: string,
  postId: string,
  pointsPerLike: number,
) {
  const target = {
    table: 'posts',
    likes: 'post_likes',
    key: 'post_id',
    likeable: sql`kind = ${kind}`,
    pointsPerLike,
  };
  return toggleLike(db, target, userId, postId);
}

/** +delta points to the user, never below 0. */
export async function adjustPoints(tx: DbOrTx, userId: string, delta: number) {
  await tx
    .update(users)
    .set({ points: sql`greatest(${users.points} + ${delta}, 0)` })
    .where(eq(users.id, userId));
}

// ---- Count maps and liked lists: one prepared query each, never one per post.
const buildCounts = (db: DbOrTx, kind: PostKind, withIds: boolean) =>
  db
    .select({ id: posts.id, likeCount: posts.likeCount, commentCount: posts.commentCount })
    .from(posts)
    .where(and(eq(posts.kind, kind), withIds ? sql`${posts.id} = any(${p('ids')})` : undefined))
    .orderBy(...ORDER.recent)
    .limit(p('limit'));

const buildLiked = (db: DbOrTx, kind: PostKind) =>
  db
    .select({ id: postLikes.postId })
    .from(postLikes)
    .innerJoin(posts, eq(posts.id, postLikes.postId))
    .where(and(eq(postLikes.userId, p('viewer')), eq(posts.kind, kind)))
    .orderBy(sql`${postLikes.createdAt} desc`)
    .limit(p('limit'));

function fixed(db: DbOrTx, kind: PostKind) {
  return {
    countsByIds: prepared(db, `posts_${kind}_counts_ids`, (name) =>
      buildCounts(db, kind, true).prepare(name),
    ),
    countsNewest: prepared(db, `posts_${kind}_counts_newest`, (name) =>
      buildCounts(db, kind, false).prepare(name),
    ),
    liked: prepared(db, `posts_${kind}_liked`, (name) => buildLiked(db, kind).prepare(name)),
  };
}

/** Like and comment counts of the given posts, or of the newest `cap` posts of the kind. */
export async function listPostCounts(db: DbOrTx, kind: PostKind, ids: string[] | undefined, cap: number) {
  const statements = fixed(db, kind);
  return ids
    ? statements.countsByIds.execute({ ids, limit: ids.length })
    : statements.countsNewest.execute({ limit: cap });
}

/** Ids of the posts of the kind the member liked, newest like first. */
export async function listLikedPostIds(db: DbOrTx, kind: PostKind, userId: string, cap: number) {
  const rows = await fixed(db, kind).liked.execute({ viewer: userId, limit: cap });
  return rows.map((r) => r.id);
}
