import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CARD_IMAGE_SIZES, imageSrcSet } from '../../../shared/image-variants';
import {
  likeCounts,
  likeResult,
  offerDetail,
  offerListQuery,
  offerPage,
} from '../../../shared/schemas/offers';
import { z } from '../../../shared/schemas/zod';
import { adminOffersRoutes } from './admin-offers.routes';
import { type CatalogueQuery, listCatalogue, toSharedCard } from './catalogue.repo';
import { CatalogueCache } from './catalogue-cache';
import { CatalogueIndex } from './catalogue-index';
import { favoritesRoutes } from './favorites.routes';
import { toggleOfferLike } from './offer-likes.service';
import { offerIdParam } from './offer-params';
import { listLikeCounts, listLikedOfferIds } from './offers.repo';
import { getOfferDetail, viewerOf } from './offers.service';
import { statusReportsRoutes } from './status-reports.routes';

const member = { access: 'member' } as const;
/** Without ids the like counts cover every visible offer, up to this many. */
const ALL_LIKE_COUNTS_CAP = 5000;
/** The page the dashboard asks for first (dashboard-first-load.ts): newest first, no filters. */
const FIRST_PAGE: CatalogueQuery = { sort: 'recent', page: 1, pageSize: 24 };
const MAX_LIKE_COUNT_IDS = 500;
const LIKED_OFFERS_CAP = 5000;

/** `?ids=a,b,c`: trimmed, deduplicated; absent means every visible offer. */
const likeCountsQuery = z.object({
  ids: z
    .string()
    .max(50_000)
    .transform((v) => [...new Set(v.split(',').map((id) => id.trim()))].filter(Boolean))
    .pipe(z.array(z.string()).max(MAX_LIKE_COUNT_IDS, { message: 'Envie no máximo 500 ofertas por vez.' }))
    .optional(),
});

/** The members' catalogue: list, detail, likes; favourites, status votes and admin routes register here too. */
export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  // One shared catalogue cache per app instance, kept right by the change feed (see catalogue-cache.ts).
  const catalogue = new CatalogueCache(
    app.changeFeed,
    new CatalogueIndex(app.db, app.config.CATALOGUE_INDEX_MAX_OFFERS, toSharedCard),
  );

  // The HTML of /dashboard preloads the first card's image (plugins/web-client.ts): the card a phone paints first.
  app.firstScreenImage.dashboard = async (user) => {
    const viewer = { id: user.id, isAdmin: user.role === 'admin' };
    const { items } = await listCatalogue(app.db, viewer, FIRST_PAGE, catalogue);
    const first = items[0];
    if (!first?.creative || first.creativeType !== 'image') return null;
    return { href: first.creative, srcset: imageSrcSet(first.creative), sizes: CARD_IMAGE_SIZES };
  };

  app.get(
    '/api/offers',
    { config: member, schema: { querystring: offerListQuery, response: { 200: offerPage } } },
    async (request) => listCatalogue(app.db, viewerOf(request), request.query, catalogue),
  );

  app.get(
    '/api/offers/like-counts',
    { config: member, schema: { querystring: likeCountsQuery, response: { 200: likeCounts } } },
    async (request) => {
      const { ids } = request.query;
      if (ids?.length === 0) return {};
      return listLikeCounts(app.db, ids, ids ? ids.length : ALL_LIKE_COUNTS_CAP);
    },
  );

  app.get(
    '/api/offers/:id',
    { config: member, schema: { params: offerIdParam, response: { 200: offerDetail } } },
    async (request) => getOfferDetail(app, viewerOf(request), request.params.id),
  );

  app.get(
    '/api/user/liked-offers',
    { config: member, schema: { response: { 200: z.array(z.string()) } } },
    async (request) => listLikedOfferIds(app.db, viewerOf(request).id, LIKED_OFFERS_CAP),
  );

  app.post(
    '/api/offers/:id/like',
    { config: member, schema: { params: offerIdParam, response: { 200: likeResult } } },
    async (request) => {
      const viewer = viewerOf(request);
      const result = await toggleOfferLike(app.db, viewer, request.params.id);
      catalogue.noteLiker(viewer.id);
      return result;
    },
  );

  await app.register(favoritesRoutes);
  await app.register(statusReportsRoutes);
  await app.register(adminOffersRoutes);
};
