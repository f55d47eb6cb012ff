import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CARD_IMAGE_SIZES, imageSrcSet } from '../../../shared/image-variants';
import { idList, likeToggleResult } from '../../../shared/schemas/common';
import {
  adHistory,
  adHistoryQuery,
  likeCounts,
  likeCountsQuery,
  offerDetail,
  offerIdParam,
  offerListQuery,
  offerPage,
} from '../../../shared/schemas/offers';
import { toViewer, viewerOf } from '../../plugins/access';
import { getAdHistory } from './ad-history.service';
import { adminOffersRoutes } from './admin-offers.routes';
import { type CatalogueQuery, createCatalogueCache, listOffers } from './catalogue.service';
import { favoritesRoutes } from './favorites.routes';
import { funnelMapRoutes } from './funnel-map.routes';
import { countOfferLikes, listLikedOffers, toggleOfferLike } from './offer-likes.service';
import { getOfferDetail } from './offers.service';
import { statusReportsRoutes } from './status-reports.routes';

const member = { access: 'member' } as const;
/** The page the dashboard asks for first (dashboard-first-load.ts): newest first, no filters. */
const FIRST_PAGE: CatalogueQuery = { sort: 'recent', page: 1, pageSize: 24 };

/** The members' catalogue: list, detail, likes; favourites, status votes and admin routes register here too. */
export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  // One shared catalogue cache per app instance, kept right by the change feed (see catalogue-cache.ts).
  const catalogue = createCatalogueCache(app.changeFeed, app.db, app.config.CATALOGUE_INDEX_MAX_OFFERS);

  // The HTML of /dashboard preloads the first card's image (plugins/web-client.ts): the card a phone paints first.
  app.firstScreenImage.dashboard = async (user) => {
    const { items } = await listOffers(app.db, toViewer(user), FIRST_PAGE, catalogue);
    const first = items[0];
    if (!first?.creative || first.creativeType !== 'image') return null;
    return { href: first.creative, srcset: imageSrcSet(first.creative), sizes: CARD_IMAGE_SIZES };
  };

  app.get(
    '/api/offers',
    { config: member, schema: { querystring: offerListQuery, response: { 200: offerPage } } },
    async (request) => listOffers(app.db, viewerOf(request), request.query, catalogue),
  );

  app.get(
    '/api/offers/like-counts',
    { config: member, schema: { querystring: likeCountsQuery, response: { 200: likeCounts } } },
    async (request) => countOfferLikes(app.db, request.query.ids),
  );

  app.get(
    '/api/offers/:id',
    { config: member, schema: { params: offerIdParam, response: { 200: offerDetail } } },
    async (request) => getOfferDetail(app, viewerOf(request), request.params.id),
  );

  app.get(
    '/api/offers/:id/ad-history',
    {
      config: member,
      schema: { params: offerIdParam, querystring: adHistoryQuery, response: { 200: adHistory } },
    },
    async (request) => getAdHistory(app, viewerOf(request), request.params.id, request.query.days),
  );

  app.get(
    '/api/user/liked-offers',
    { config: member, schema: { response: { 200: idList } } },
    async (request) => listLikedOffers(app.db, viewerOf(request).id),
  );

  app.post(
    '/api/offers/:id/like',
    { config: member, schema: { params: offerIdParam, response: { 200: likeToggleResult } } },
    async (request) => {
      const viewer = viewerOf(request);
      const result = await toggleOfferLike(app.db, viewer, request.params.id);
      catalogue.noteLiker(viewer.id);
      return result;
    },
  );

  await app.register(favoritesRoutes);
  await app.register(funnelMapRoutes);
  await app.register(statusReportsRoutes);
  await app.register(adminOffersRoutes);
};
