import { and, eq, or, type Placeholder, sql } from 'drizzle-orm';
import type { Comment } from '../../../shared/schemas/community';
import type { DbOrTx } from '../../db/client';
import { commentLikes, postComments, posts, userProfiles, users } from '../../db/schema/index';

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

type CommentRow = Omit<Comment, 'createdAt'> & { createdAt: Date };

const toComment = (row: CommentRow): Comment => ({ ...row, createdAt: row.createdAt.toISOString() });

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

const listByDb = new WeakMap<DbOrTx, ReturnType<ReturnType<typeof buildList>['prepare']>>();

/** Every comment and reply of a post, oldest first, with authors and the reader's likes: one query. */
export async function listComments(db: DbOrTx, postId: string, viewerId: string, cap: number) {
  let statement = listByDb.get(db);
  if (!statement) {
    statement = buildList(db).prepare('post_comments_list');
    listByDb.set(db, statement);
  }
  const rows = await statement.execute({ postId, viewer: viewerId, limit: cap });
  return rows.map(toComment);
}

export async function findCommentCard(db: DbOrTx, id: string, viewerId: string) {
  const rows = await selectComments(db, viewerId).where(eq(postComments.id, id)).limit(1);
  return rows[0] ? toComment(rows[0]) : undefined;
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

export async function insertCommentLike(tx: DbOrTx, commentId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .insert(commentLikes)
    .values({ commentId, userId })
    .onConflictDoNothing()
    .returning({ id: commentLikes.id });
  return rows.length > 0;
}

export async function deleteCommentLike(tx: DbOrTx, commentId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .delete(commentLikes)
    .where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, userId)))
    .returning({ id: commentLikes.id });
  return rows.length > 0;
}

/** Adds delta to the comment's like count (never below 0) and answers the new count. */
export async function adjustCommentLikeCount(tx: DbOrTx, commentId: string, delta: 1 | -1) {
  const [row] = await tx
    .update(postComments)
    .set({ likeCount: sql`greatest(${postComments.likeCount} + ${delta}, 0)` })
    .where(eq(postComments.id, commentId))
    .returning({ likes: postComments.likeCount });
  return row?.likes ?? 0;
}

export async function currentCommentLikes(tx: DbOrTx, commentId: string): Promise<number> {
  const [row] = await tx
    .select({ likes: postComments.likeCount })
    .from(postComments)
    .where(eq(postComments.id, commentId));
  return row?.likes ?? 0;
}
