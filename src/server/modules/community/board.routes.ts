import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idList, likeToggleResult, messageBody } from '../../../shared/schemas/common';
import {
  communityFeedQuery,
  communityPostInput,
  POST_DELETED,
  post,
  postCounts,
  postCountsQuery,
  postIdParam,
  postPage,
  promotionFeedQuery,
  promotionPostInput,
} from '../../../shared/schemas/community';
import { optionalViewerOf, viewerOf } from '../../plugins/access';
import { memberLimitKey } from '../../plugins/rate-limit';
import {
  countPostsBy,
  createPost,
  deletePost,
  getPost,
  listLikedPosts,
  listPosts,
  type PostKind,
  togglePostLike,
} from './posts.service';

/** Posts per member and hour: far above real use, low enough to stop a flood. */
const POSTS_PER_HOUR = 30;

/** The API calls of one feed: the community's and the promotion board's are the same shape. */
interface Board {
  kind: PostKind;
  /**
   * GET (list), POST (create); `${base}/:id` GET (one post: a notice's link) and DELETE;
   * `${base}/comment-counts`, `${base}/like-counts`.
   */
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
      async (request) => listPosts(app, kind, optionalViewerOf(request), request.query),
    );

    const countsRoute = (path: string, pick: 'commentCount' | 'likeCount') =>
      app.get(
        path,
        {
          config: { access: 'public' },
          schema: { querystring: postCountsQuery, response: { 200: postCounts } },
        },
        async (request) => countPostsBy(app.db, kind, request.query.ids, pick),
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
            keyGenerator: memberLimitKey('post'),
          },
        },
        schema: { body: postInput, response: { 201: post } },
      },
      async (request, reply) =>
        reply.status(201).send(await createPost(app, kind, viewerOf(request), request.body)),
    );

    app.get(
      `${base}/:id`,
      { config: { access: 'public' }, schema: { params: postIdParam, response: { 200: post } } },
      async (request) => getPost(app.db, kind, optionalViewerOf(request), request.params.id),
    );

    app.delete(
      `${base}/:id`,
      { config: { access: 'member' }, schema: { params: postIdParam, response: { 200: messageBody } } },
      async (request) => {
        await deletePost(app, kind, viewerOf(request), request.params.id);
        return { message: POST_DELETED };
      },
    );

    app.post(
      board.likePath,
      { config: { access: 'member' }, schema: { params: postIdParam, response: { 200: likeToggleResult } } },
      async (request) => togglePostLike(app.db, kind, viewerOf(request), request.params.id),
    );

    app.get(
      board.likedPath,
      { config: { access: 'member' }, schema: { response: { 200: idList } } },
      async (request) => listLikedPosts(app.db, kind, viewerOf(request).id),
    );
  };
}
