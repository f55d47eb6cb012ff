import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageBody } from '../../../shared/schemas/common';
import {
  communityFeedQuery,
  communityPostInput,
  POST_DELETED,
  post,
  postCounts,
  postCountsQuery,
  postIdParam,
  postLikeResult,
  postPage,
  promotionFeedQuery,
  promotionPostInput,
} from '../../../shared/schemas/community';
import { z } from '../../../shared/schemas/zod';
import { currentUser } from '../../plugins/access';
import { listLikedPostIds, listPostCounts, type PostKind } from './posts.repo';
import { type Actor, createPost, deletePost, listPosts, togglePostLike } from './posts.service';

/** The reader of a route: the signed-in user (member or administrator), or null on a public read. */
export function readerOf(request: FastifyRequest): Actor | null {
  return request.user ? { id: request.user.id, isAdmin: request.user.role === 'admin' } : null;
}

export function actorOf(request: FastifyRequest): Actor {
  const user = currentUser(request);
  return { id: user.id, isAdmin: user.role === 'admin' };
}

/** Without ids the count maps cover the newest posts, up to this many. */
const ALL_COUNTS_CAP = 5000;
const LIKED_CAP = 5000;
/** Posts per member and hour: far above real use, low enough to stop a flood. */
const POSTS_PER_HOUR = 30;

/** The calls of spec 02 §7 for one feed: the community's and the promotion board's are the same shape. */
interface Board {
  kind: PostKind;
  /** GET (list), POST (create); `${base}/:id` DELETE; `${base}/comment-counts`, `${base}/like-counts`. */
  base: string;
  likePath: string;
  likedPath: string;
}

export const COMMUNITY_BOARD: Board = {
  kind: 'community',
  base: '/api/community/posts',
  likePath: '/api/posts/:id/like',
  likedPath: '/api/user/liked-posts',
};
export const PROMOTION_BOARD: Board = {
  kind: 'promotion',
  base: '/api/divulgacao/posts',
  likePath: '/api/divulgacao/posts/:id/like',
  likedPath: '/api/user/liked-divulgacao-posts',
};

/** Lists, counts and liked lists (one query each); create, delete and like. Visitors may read the lists. */
export function boardRoutes(board: Board): FastifyPluginAsyncZod {
  const { kind, base } = board;
  const feedQuery = kind === 'community' ? communityFeedQuery : promotionFeedQuery;
  const postInput = kind === 'community' ? communityPostInput : promotionPostInput;

  return async (app) => {
    app.get(
      base,
      { config: { access: 'public' }, schema: { querystring: feedQuery, response: { 200: postPage } } },
      async (request) => listPosts(app, kind, readerOf(request), request.query),
    );

    const countsRoute = (path: string, pick: 'commentCount' | 'likeCount') =>
      app.get(
        path,
        {
          config: { access: 'public' },
          schema: { querystring: postCountsQuery, response: { 200: postCounts } },
        },
        async (request) => {
          const { ids } = request.query;
          if (ids?.length === 0) return {};
          const rows = await listPostCounts(app.db, kind, ids, ALL_COUNTS_CAP);
          return Object.fromEntries(rows.map((row) => [row.id, row[pick]]));
        },
      );
    countsRoute(`${base}/comment-counts`, 'commentCount');
    countsRoute(`${base}/like-counts`, 'likeCount');

    app.post(
      base,
      {
        config: {
          access: 'member',
          rateLimit: {
            max: POSTS_PER_HOUR,
            timeWindow: 60 * 60 * 1000,
            keyGenerator: (request) => `post|${request.user?.id ?? request.ip}`,
          },
        },
        schema: { body: postInput, response: { 201: post } },
      },
      async (request, reply) =>
        reply.status(201).send(await createPost(app, kind, actorOf(request), request.body)),
    );

    app.delete(
      `${base}/:id`,
      { config: { access: 'member' }, schema: { params: postIdParam, response: { 200: messageBody } } },
      async (request) => {
        await deletePost(app, kind, actorOf(request), request.params.id);
        return { message: POST_DELETED };
      },
    );

    app.post(
      board.likePath,
      { config: { access: 'member' }, schema: { params: postIdParam, response: { 200: postLikeResult } } },
      async (request) => togglePostLike(app.db, kind, actorOf(request), request.params.id),
    );

    app.get(
      board.likedPath,
      { config: { access: 'member' }, schema: { response: { 200: z.array(z.string()) } } },
      async (request) => listLikedPostIds(app.db, kind, actorOf(request).id, LIKED_CAP),
    );
  };
}
