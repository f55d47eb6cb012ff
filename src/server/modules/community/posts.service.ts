import type { FastifyInstance } from 'fastify';
import { MAX_MENTIONS, parseMentions, TOO_MANY_MENTIONS } from '../../../shared/mentions';
import {
  type FeedQuery,
  IMAGE_MARKER_RE,
  LOGIN_TO_SEE_MINE,
  POST_DELETE_FORBIDDEN,
  POST_IMAGE_INVALID,
  POST_NOT_FOUND,
  type Post,
  type PostPage,
} from '../../../shared/schemas/community';
import { isStoredPostImageUrl } from '../../../shared/stored-post-image';
import type { DbOrTx } from '../../db/client';
import type { LikeToggle } from '../../db/toggle-like';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../lib/errors';
import { isStoredUpload } from '../../lib/read-upload';
import { storagePublicBase } from '../../lib/storage/storage-base';
import type { Viewer } from '../../plugins/access';
import { notifyMentioned, notifyPostLiked } from '../notifications/activity';
import { withMentionNames, withMentionNamesOne } from './mention-names';
import {
  adjustPoints,
  countLikesFromOthers,
  deletePostRow,
  findPostCard,
  insertPost,
  isImageReferenced,
  listFeed,
  listLikedPostIds,
  listPostCounts,
  lockPostForDelete,
  NO_VIEWER,
  type PostKind,
  togglePostLikeRow,
} from './posts.repo';

export type { PostKind };

type Deps = Pick<FastifyInstance, 'db' | 'storage' | 'log' | 'config'>;

/** Without ids the count maps cover the newest posts, up to this many. */
const ALL_COUNTS_CAP = 5000;
const LIKED_CAP = 5000;

/** Points a like on a post of this kind gives its author (community posts only: promotion posts earn no points). */
export const POINTS_PER_LIKE: Record<PostKind, number> = { community: 1, promotion: 0 };

/** The texts of a post that may mention members. */
const postTexts = (post: { title: string; description: string }) => [post.title, post.description];

/** A feed page, with the storage base its [IMAGE:] markers are checked against (src/shared/stored-post-image.ts). */
export async function listPosts(
  deps: Pick<Deps, 'db' | 'config'>,
  kind: PostKind,
  reader: Viewer | null,
  query: FeedQuery,
): Promise<PostPage> {
  const mine = query.mine === '1' || query.mine === 'true';
  if (mine && !reader) throw new UnauthorizedError(LOGIN_TO_SEE_MINE);
  const page = await listFeed(deps.db, kind, reader?.id ?? NO_VIEWER, query);
  const items = await withMentionNames(deps.db, page.items, postTexts);
  return { ...page, items, imageBase: storagePublicBase(deps.config) };
}

/**
 * Drops every `[IMAGE:url]` marker whose URL is not a post image this app stored under `storageBase` (data URLs,
 * other hosts, other folders, relative paths, javascript:...: the shared rule the client applies too), then the
 * blank lines a dropped marker leaves behind.
 */
export function keepOwnImageMarkers(storageBase: string, text: string): string {
  let dropped = false;
  const kept = text.replace(IMAGE_MARKER_RE, (_marker, url: string) => {
    if (isStoredPostImageUrl(url.trim(), storageBase)) return `[IMAGE:${url.trim()}]`;
    dropped = true;
    return '';
  });
  return dropped ? kept.replace(/\n{3,}/g, '\n\n').trim() : kept;
}

/** GET /api/community/posts/{id} (and the promotion board's): one post as its card shows it (a notice's link). */
export async function getPost(db: DbOrTx, kind: PostKind, reader: Viewer | null, id: string): Promise<Post> {
  const found = await findPostCard(db, kind, id, reader?.id ?? NO_VIEWER);
  if (!found) throw new NotFoundError(POST_NOT_FOUND);
  return withMentionNamesOne(db, found, postTexts);
}

export interface PostInput {
  title: string;
  description: string;
  nicho: string;
  formato: string;
  categoria: string;
  image: string | null;
}

/**
 * POST /api/community/posts and /api/divulgacao/posts: the image must be a post image this app stored. The members
 * mentioned in the title or the description (at most MAX_MENTIONS distinct) are told in the insert's transaction.
 */
export async function createPost(
  deps: Deps,
  kind: PostKind,
  author: Viewer,
  input: PostInput,
): Promise<Post> {
  if (input.image && !isStoredUpload(deps.storage, input.image, 'posts')) {
    throw new ValidationError(POST_IMAGE_INVALID);
  }
  const description = keepOwnImageMarkers(storagePublicBase(deps.config), input.description);
  const text = `${input.title}\n${description}`;
  if (parseMentions(text).length > MAX_MENTIONS) throw new ValidationError(TOO_MANY_MENTIONS);
  const id = await deps.db.transaction(async (tx) => {
    const postId = await insertPost(tx, {
      kind,
      userId: author.id,
      title: input.title,
      description,
      image: input.image,
      nicho: input.nicho,
      formato: input.formato,
      categoria: input.categoria,
    });
    await notifyMentioned(tx, { actorId: author.id, postId, text });
    return postId;
  });
  const created = await findPostCard(deps.db, kind, id, author.id);
  if (!created) throw new NotFoundError(POST_NOT_FOUND);
  return withMentionNamesOne(deps.db, created, postTexts);
}

/** Post images (the cover and the inline markers) of a deleted post that no other post shows any more. */
async function releasePostImages(deps: Deps, removed: { image: string | null; description: string }) {
  const urls = new Set<string>();
  if (removed.image) urls.add(removed.image);
  for (const match of removed.description.matchAll(IMAGE_MARKER_RE)) urls.add((match[1] ?? '').trim());
  for (const url of urls) {
    if (!isStoredUpload(deps.storage, url, 'posts') || (await isImageReferenced(deps.db, url))) continue;
    await deps.storage.remove(url).catch((err) => deps.log.warn({ err }, 'imagem de post não removida'));
  }
}

/**
 * The author or the administrator deletes a post: its comments, their likes and its likes go with it, and the
 * points its likes gave (likes from others on a community post) are taken back from the author, in one
 * transaction. Likes and comments in flight finish first (the post row is locked).
 */
export async function deletePost(deps: Deps, kind: PostKind, actor: Viewer, id: string): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const found = await lockPostForDelete(tx, kind, id);
    if (!found) throw new NotFoundError(POST_NOT_FOUND);
    if (found.userId !== actor.id && !actor.isAdmin) throw new ForbiddenError(POST_DELETE_FORBIDDEN);
    const points = POINTS_PER_LIKE[kind] * (await countLikesFromOthers(tx, id, found.userId));
    await deletePostRow(tx, id);
    if (points > 0) await adjustPoints(tx, found.userId, -points);
    return found;
  });
  await releasePostImages(deps, removed);
}

/**
 * Likes the post, or takes the like back: the like row, the post's like count and the author's points move in one
 * statement (db/toggle-like.ts), and the author is told of a like in the same transaction. Liking your own post
 * counts the like but gives no points.
 */
export async function togglePostLike(
  db: DbOrTx,
  kind: PostKind,
  liker: Viewer,
  postId: string,
): Promise<LikeToggle> {
  return db.transaction(async (tx) => {
    const result = await togglePostLikeRow(tx, kind, liker.id, postId, POINTS_PER_LIKE[kind]);
    if (!result) throw new NotFoundError(POST_NOT_FOUND);
    if (result.liked) await notifyPostLiked(tx, { actorId: liker.id, postId });
    return result;
  });
}

/** post id -> its comment count or like count, for these posts (an empty list: none; none given: the newest). */
export async function countPostsBy(
  db: DbOrTx,
  kind: PostKind,
  ids: string[] | undefined,
  pick: 'commentCount' | 'likeCount',
): Promise<Record<string, number>> {
  if (ids?.length === 0) return {};
  const rows = await listPostCounts(db, kind, ids, ALL_COUNTS_CAP);
  return Object.fromEntries(rows.map((row) => [row.id, row[pick]]));
}

/** The ids of the posts of this kind the member liked. */
export function listLikedPosts(db: DbOrTx, kind: PostKind, userId: string): Promise<string[]> {
  return listLikedPostIds(db, kind, userId, LIKED_CAP);
}
