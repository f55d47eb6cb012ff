import { eq, or, type Placeholder, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { postComments, posts, userProfiles, users } from '../../db/schema/index';
import { toggleLike } from '../../db/toggle-like';
import { presentComment } from './community.presenters';

const p = sql.placeholder;
const COMMENT_ID = sql.raw('"post_comments"."id"');

const commentColumns = (viewer: Placeholder | string) => ({
  id: postComments.id,
  postId: postComments.postId,
  userId: postComments.userId,
  userName: users.name,
  userAvatar: userProfiles.avatar,
  content: postComments.content,
  parentId: postComments.parentId,
  likes: postComments.likeCount,
  isLiked: sql<boolean>`exists (select 1 from comment_likes cl where cl.comment_id = ${COMMENT_ID} and cl.user_id = ${viewer})`,
  createdAt: postComments.createdAt,
});

const selectComments = (db: DbOrTx, viewer: Placeholder | string) =>
  db
    .select(commentColumns(viewer))
    .from(postComments)
    .innerJoin(users, eq(users.id, postComments.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, postComments.userId));

const buildList = (db: DbOrTx) =>
  selectComments(db, p('viewer'))
    .where(eq(postComments.postId, p('postId')))
    .orderBy(postComments.createdAt, postComments.id)
    .limit(p('limit'));

/** Every comment and reply of a post, oldest first, with authors and the reader's likes: one query. */
export async function listComments(db: DbOrTx, postId: string, viewerId: string, cap: number) {
  const statement = prepared(db, 'post_comments_list', (name) => buildList(db).prepare(name));
  const rows = await statement.execute({ postId, viewer: viewerId, limit: cap });
  return rows.map(presentComment);
}

export async function findCommentCard(db: DbOrTx, id: string, viewerId: string) {
  const rows = await selectComments(db, viewerId).where(eq(postComments.id, id)).limit(1);
  return rows[0] ? presentComment(rows[0]) : undefined;
}

export async function postExists(db: DbOrTx, postId: string): Promise<boolean> {
  const rows = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId)).limit(1);
  return rows.length > 0;
}

/** The comment's post, author and parent; with `lock`, held against deletion until the transaction ends. */
export async function findComment(db: DbOrTx, id: string, lock = false) {
  const query = db
    .select({
      id: postComments.id,
      postId: postComments.postId,
      userId: postComments.userId,
      parentId: postComments.parentId,
    })
    .from(postComments)
    .where(eq(postComments.id, id))
    .limit(1);
  const rows = await (lock ? query.for('key share') : query);
  return rows[0];
}

export async function insertComment(
  tx: DbOrTx,
  values: { postId: string; userId: string; parentId: string | null; content: string },
): Promise<string> {
  const [row] = await tx.insert(postComments).values(values).returning({ id: postComments.id });
  return row!.id;
}

/** Locks the post's row for a change of its comments (comment writes of one post run one at a time). */
export async function lockPostComments(tx: DbOrTx, postId: string) {
  const rows = await tx
    .select({ id: posts.id })
    .from(posts)
    .where(eq(posts.id, postId))
    .for('no key update')
    .limit(1);
  return rows.length > 0;
}

/** Deletes the comment and its replies; answers how many rows went. */
export async function deleteCommentAndReplies(tx: DbOrTx, id: string): Promise<number> {
  const rows = await tx
    .delete(postComments)
    .where(or(eq(postComments.id, id), eq(postComments.parentId, id)))
    .returning({ id: postComments.id });
  return rows.length;
}

/** The viewer's like on a comment toggled (db/toggle-like.ts: one statement; comments give no points). */
export function toggleCommentLikeRow(db: DbOrTx, userId: string, commentId: string) {
  const target = { table: 'post_comments', likes: 'comment_likes', key: 'comment_id', likeable: sql`true` };
  return toggleLike(db, { ...target, pointsPerLike: 0 }, userId, commentId);
}
