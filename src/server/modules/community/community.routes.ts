import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { likeToggleResult, messageBody } from '../../../shared/schemas/common';
import {
  COMMENT_DELETED,
  comment,
  commentIdParam,
  commentInput,
  commentList,
  memberSearchQuery,
  memberSearchResult,
  monthlyRanking,
  monthlyRankingQuery,
  POST_IMAGE_BAD_TYPE,
  POST_IMAGE_MAX_BYTES,
  POST_IMAGE_MISSING,
  POST_IMAGE_TOO_LARGE,
  postIdParamAsPostId,
  rankingMonthList,
  rankingOverrideInput,
  rankingReview,
  rankingReviewQuery,
  userIdParam,
  userPublicProfile,
} from '../../../shared/schemas/community';
import { uploadResult } from '../../../shared/schemas/offers';
import { readUpload, type UploadRule } from '../../lib/read-upload';
import { currentUser, optionalViewerOf, viewerOf } from '../../plugins/access';
import { memberLimitKey } from '../../plugins/rate-limit';
import { boardRoutes, COMMUNITY_BOARD, PROMOTION_BOARD } from './board.routes';
import { addComment, listPostComments, removeComment, toggleCommentLike } from './comments.service';
import { searchMembers } from './members.service';
import {
  createLiveRanking,
  getPublicProfile,
  getRankingReview,
  listRankingMonths,
  overrideRanking,
} from './ranking.service';

/** Post images: JPG, PNG or WebP up to 10 MB ('PNG, JPG até 10MB'), type from the bytes. */
export const POST_IMAGE_UPLOAD: UploadRule = {
  maxBytes: POST_IMAGE_MAX_BYTES,
  tooLarge: POST_IMAGE_TOO_LARGE,
  missing: POST_IMAGE_MISSING,
  badType: POST_IMAGE_BAD_TYPE,
  accepts: (type) => ['jpg', 'png', 'webp'].includes(type.ext),
};
const POST_IMAGES_PER_HOUR = 60;
const COMMENTS_PER_HOUR = 300;
/** The @mention picker asks as the member types (debounced): a few calls per mention, far below this. */
const MEMBER_SEARCHES_PER_MINUTE = 120;

/** The community feed, the promotion board, comments, likes, the profile modal and the monthly ranking. */
export const communityRoutes: FastifyPluginAsyncZod = async (app) => {
  const liveRanking = createLiveRanking(app.db);
  await app.register(boardRoutes(COMMUNITY_BOARD));
  await app.register(boardRoutes(PROMOTION_BOARD));

  app.post(
    '/api/uploads/post-image',
    {
      config: {
        access: 'member',
        rateLimit: {
          max: POST_IMAGES_PER_HOUR,
          timeWindow: 60 * 60 * 1000,
          keyGenerator: memberLimitKey('post-image'),
        },
      },
      schema: { response: { 201: uploadResult } },
    },
    async (request, reply) => {
      currentUser(request);
      const { data, type } = await readUpload(request, POST_IMAGE_UPLOAD);
      const { url } = await app.storage.put(data, type, 'posts');
      return reply.status(201).send({ url, kind: type.kind });
    },
  );

  // Comments: one call for community and promotion posts alike (/api/posts/{postId}/comments).
  app.get(
    '/api/posts/:postId/comments',
    {
      config: { access: 'public' },
      schema: { params: postIdParamAsPostId, response: { 200: commentList } },
    },
    async (request) => listPostComments(app.db, request.params.postId, optionalViewerOf(request)),
  );

  app.post(
    '/api/posts/:postId/comments',
    {
      config: {
        access: 'member',
        rateLimit: {
          max: COMMENTS_PER_HOUR,
          timeWindow: 60 * 60 * 1000,
          keyGenerator: memberLimitKey('comment'),
        },
      },
      schema: { params: postIdParamAsPostId, body: commentInput, response: { 201: comment } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addComment(app.db, viewerOf(request), request.params.postId, request.body)),
  );

  app.post(
    '/api/comments/:id/like',
    {
      config: { access: 'member' },
      schema: { params: commentIdParam, response: { 200: likeToggleResult } },
    },
    async (request) => toggleCommentLike(app.db, viewerOf(request), request.params.id),
  );

  app.delete(
    '/api/comments/:id',
    { config: { access: 'member' }, schema: { params: commentIdParam, response: { 200: messageBody } } },
    async (request) => {
      await removeComment(app.db, viewerOf(request), request.params.id);
      return { message: COMMENT_DELETED };
    },
  );

  app.get(
    '/api/user/:userId/profile',
    { config: { access: 'member' }, schema: { params: userIdParam, response: { 200: userPublicProfile } } },
    async (request) => getPublicProfile(app.db, request.params.userId),
  );

  app.get(
    '/api/community/members',
    {
      config: {
        access: 'member',
        rateLimit: {
          max: MEMBER_SEARCHES_PER_MINUTE,
          timeWindow: 60 * 1000,
          hook: 'preHandler',
          keyGenerator: memberLimitKey('member-search'),
        },
      },
      schema: { querystring: memberSearchQuery, response: { 200: memberSearchResult } },
    },
    async (request) => searchMembers(app.db, viewerOf(request), request.query.query),
  );

  app.get(
    '/api/ranking/monthly',
    {
      config: { access: 'member' },
      schema: { querystring: monthlyRankingQuery, response: { 200: monthlyRanking } },
    },
    async (request) => liveRanking.get(request.query.month),
  );

  app.get(
    '/api/ranking/months',
    {
      config: { access: 'member' },
      schema: { response: { 200: rankingMonthList } },
    },
    async () => listRankingMonths(app.db),
  );

  app.get(
    '/api/admin/ranking/review',
    {
      config: { access: 'admin' },
      schema: { querystring: rankingReviewQuery, response: { 200: rankingReview } },
    },
    async (request) => getRankingReview(app.db, request.query.month),
  );

  app.post(
    '/api/admin/ranking/review/overrides',
    {
      config: { access: 'admin' },
      schema: { body: rankingOverrideInput, response: { 200: messageBody } },
    },
    async (request) => {
      const message = await overrideRanking(app.db, request.body);
      liveRanking.forget(request.body.month);
      return { message };
    },
  );
};
