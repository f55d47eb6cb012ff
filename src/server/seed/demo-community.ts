import { randomUUID } from 'node:crypto';
import { saoPauloMonth } from '../../shared/sao-paulo-month';
import type { Tx } from '../db/client';
import { commentLikes, postComments, postLikes, posts } from '../db/schema/index';
import { DEMO_COMMUNITY_POSTS, type DemoReply } from './demo-community-posts';

const MINUTE_MS = 60_000;

/**
 * A moment inside (from, now]: the `step`-th of `count` evenly spaced ones. Likes and comments of a post fall
 * after the post and before now; likes also inside this São Paulo month, so they count in its ranking.
 */
const between = (from: number, now: number, step: number, count: number) =>
  new Date(from + Math.max(1, Math.floor(((now - from) * (step + 1)) / (count + 1))));

/**
 * The demo community (demo-community-posts.ts) written in one go: posts, comments, replies and likes, with the
 * posts' and comments' like and comment counts as the app keeps them. `members` are the demo members' ids in
 * DEMO_MEMBERS order; `adminId` writes the welcome post (the first demo member when there is no administrator).
 */
export async function seedDemoCommunity(
  tx: Tx,
  members: readonly string[],
  adminId: string | null,
  now = new Date(),
) {
  const nowMs = now.getTime();
  const monthStart = saoPauloMonth(now).start.getTime();
  const idOf = (author: number | 'admin') =>
    author === 'admin' ? (adminId ?? members[0]!) : members[author]!;

  const postRows: (typeof posts.$inferInsert)[] = [];
  const postLikeRows: (typeof postLikes.$inferInsert)[] = [];
  const commentRows: (typeof postComments.$inferInsert)[] = [];
  const commentLikeRows: (typeof commentLikes.$inferInsert)[] = [];

  const likesOf = (likedBy: readonly number[], since: number) => {
    const from = Math.max(since, monthStart);
    return likedBy.map((member, i) => ({
      userId: members[member]!,
      createdAt: between(from, nowMs, i, likedBy.length),
    }));
  };
  const addComment = (
    postId: string,
    parentId: string | null,
    comment: DemoReply,
    createdAt: Date,
  ): string => {
    const id = randomUUID();
    const likedBy = comment.likedBy ?? [];
    commentRows.push({
      id,
      postId,
      parentId,
      userId: members[comment.by]!,
      content: comment.text,
      likeCount: likedBy.length,
      createdAt,
    });
    for (const like of likesOf(likedBy, createdAt.getTime()))
      commentLikeRows.push({ commentId: id, ...like });
    return id;
  };

  for (const post of DEMO_COMMUNITY_POSTS) {
    const id = randomUUID();
    const createdAt = new Date(nowMs - post.minutesAgo * MINUTE_MS);
    const comments = post.comments ?? [];
    const thread = comments.flatMap((c) => [c, ...(c.replies ?? [])]);
    postRows.push({
      id,
      kind: post.kind,
      userId: idOf(post.by),
      title: post.title,
      description: post.description,
      nicho: post.nicho,
      formato: post.formato,
      categoria: post.categoria,
      likeCount: post.likedBy.length,
      commentCount: thread.length,
      createdAt,
    });
    for (const like of likesOf(post.likedBy, createdAt.getTime())) postLikeRows.push({ postId: id, ...like });
    // The thread in order: each comment, then its replies, spread between the post and now.
    let step = 0;
    const when = () => between(createdAt.getTime(), nowMs, step++, thread.length);
    for (const comment of comments) {
      const parentId = addComment(id, null, comment, when());
      for (const reply of comment.replies ?? []) addComment(id, parentId, reply, when());
    }
  }

  await tx.insert(posts).values(postRows);
  await tx.insert(postLikes).values(postLikeRows);
  await tx.insert(postComments).values(commentRows);
  if (commentLikeRows.length > 0) await tx.insert(commentLikes).values(commentLikeRows);
  return {
    postIds: postRows.map((row) => row.id!),
    commentIds: commentRows.map((row) => row.id!),
  };
}
