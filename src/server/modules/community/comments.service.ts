import { MAX_MENTIONS, parseMentions, TOO_MANY_MENTIONS } from '../../../shared/mentions';
import {
  COMMENT_DELETE_FORBIDDEN,
  COMMENT_NOT_FOUND,
  type Comment,
  POST_NOT_FOUND,
} from '../../../shared/schemas/community';
import type { DbOrTx } from '../../db/client';
import type { LikeToggle } from '../../db/toggle-like';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import type { Viewer } from '../../plugins/access';
import { notifyCommentAdded, notifyCommentLiked } from '../notifications/activity';
import {
  deleteCommentAndReplies,
  findComment,
  findCommentCard,
  insertComment,
  listComments,
  lockPostComments,
  postExists,
  toggleCommentLikeRow,
} from './comments.repo';
import { withMentionNames, withMentionNamesOne } from './mention-names';
import { adjustPostCommentCount, NO_VIEWER } from './posts.repo';

/** Comments shown under one post, oldest first (a post with more shows its first ones). */
export const COMMENTS_CAP = 2000;

const commentTexts = (comment: { content: string }) => [comment.content];

/** GET /api/posts/{postId}/comments (community and promotion posts alike). */
export async function listPostComments(
  db: DbOrTx,
  postId: string,
  reader: Viewer | null,
): Promise<Comment[]> {
  const comments = await listComments(db, postId, reader?.id ?? NO_VIEWER, COMMENTS_CAP);
  if (comments.length === 0 && !(await postExists(db, postId))) throw new NotFoundError(POST_NOT_FOUND);
  return withMentionNames(db, comments, commentTexts);
}

/**
 * A comment, or a reply when parentId is given: a reply to a reply attaches to its top-level comment, so replies
 * nest one level. The text is stored as written (mentions' markup included); more than MAX_MENTIONS distinct
 * members mentioned is refused. The post's comment count moves in the same transaction; its row is locked first, so a comment
 * deleted at the same time is either seen gone (404) or deleted with the new reply.
 */
export async function addComment(
  db: DbOrTx,
  author: Viewer,
  postId: string,
  input: { content: string; parentId?: string | null },
): Promise<Comment> {
  if (parseMentions(input.content).length > MAX_MENTIONS) throw new ValidationError(TOO_MANY_MENTIONS);
  const id = await db.transaction(async (tx) => {
    if (!(await adjustPostCommentCount(tx, postId, 1))) throw new NotFoundError(POST_NOT_FOUND);
    let parentId: string | null = null;
    if (input.parentId) {
      const parent = await findComment(tx, input.parentId, true);
      if (!parent || parent.postId !== postId) throw new NotFoundError(COMMENT_NOT_FOUND);
      parentId = parent.parentId ?? parent.id;
    }
    const commentId = await insertComment(tx, {
      postId,
      userId: author.id,
      parentId,
      content: input.content,
    });
    await notifyCommentAdded(tx, {
      actorId: author.id,
      postId,
      commentId,
      content: input.content,
      repliedToId: input.parentId ?? null,
    });
    return commentId;
  });
  const created = await findCommentCard(db, id, author.id);
  if (!created) throw new NotFoundError(COMMENT_NOT_FOUND);
  return withMentionNamesOne(db, created, commentTexts);
}

/** The author or the administrator deletes a comment; a top-level comment takes its replies with it. */
export async function removeComment(db: DbOrTx, actor: Viewer, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await findComment(tx, id);
    if (!found) throw new NotFoundError(COMMENT_NOT_FOUND);
    if (found.userId !== actor.id && !actor.isAdmin) throw new ForbiddenError(COMMENT_DELETE_FORBIDDEN);
    if (!(await lockPostComments(tx, found.postId))) throw new NotFoundError(COMMENT_NOT_FOUND);
    const removed = await deleteCommentAndReplies(tx, id);
    if (removed === 0) throw new NotFoundError(COMMENT_NOT_FOUND);
    await adjustPostCommentCount(tx, found.postId, -removed);
  });
}

/**
 * Likes the comment or takes the like back, in one statement (db/toggle-like.ts), and tells its author of a like
 * in the same transaction. No points: the spec gives points for posts and offers only.
 */
export async function toggleCommentLike(db: DbOrTx, liker: Viewer, commentId: string): Promise<LikeToggle> {
  return db.transaction(async (tx) => {
    const result = await toggleCommentLikeRow(tx, liker.id, commentId);
    if (!result) throw new NotFoundError(COMMENT_NOT_FOUND);
    if (result.liked) await notifyCommentLiked(tx, { actorId: liker.id, commentId });
    return result;
  });
}
