import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageBody } from '../../../shared/schemas/common';
import {
  adCountInput,
  adHistory,
  adminOfferCard,
  adminOfferListQuery,
  adminOfferPage,
  offerDetail,
  offerIdParam,
  offerInput,
} from '../../../shared/schemas/offers';
import { viewerOf } from '../../plugins/access';
import { withImportedCreative } from '../uploads/import-remote';
import { recordAdCountByAdmin } from './ad-history.service';
import {
  createOfferByAdmin,
  deleteOfferByAdmin,
  listOffersForAdmin,
  toggleVisibilityByAdmin,
  updateOfferByAdmin,
} from './offers.service';

const admin = { access: 'admin' } as const;
const DELETED = { message: 'Oferta excluída' };

/** The administrator's side of the catalogue: publish, edit, delete, hide/show, and the list with hidden offers. */
export const adminOffersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/offers',
    { config: admin, schema: { body: offerInput, response: { 201: offerDetail } } },
    async (request, reply) => {
      const created = await withImportedCreative(app, request.body, (input) =>
        createOfferByAdmin(app, viewerOf(request), input),
      );
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/offers/:id',
    { config: admin, schema: { params: offerIdParam, body: offerInput, response: { 200: offerDetail } } },
    async (request) =>
      withImportedCreative(app, request.body, (input) =>
        updateOfferByAdmin(app, viewerOf(request), request.params.id, input),
      ),
  );

  app.delete(
    '/api/offers/:id',
    { config: admin, schema: { params: offerIdParam, response: { 200: messageBody } } },
    async (request) => {
      await deleteOfferByAdmin(app, request.params.id);
      return DELETED;
    },
  );

  app.get(
    '/api/admin/offers',
    { config: admin, schema: { querystring: adminOfferListQuery, response: { 200: adminOfferPage } } },
    async (request) => listOffersForAdmin(app.db, viewerOf(request), request.query),
  );

  // A dated ad count (back-filling the history, or today's count): answers the offer's ad history.
  app.post(
    '/api/admin/offers/:id/ad-counts',
    { config: admin, schema: { params: offerIdParam, body: adCountInput, response: { 200: adHistory } } },
    async (request) => recordAdCountByAdmin(app, viewerOf(request), request.params.id, request.body),
  );

  app.patch(
    '/api/admin/offers/:id/toggle-visibility',
    { config: admin, schema: { params: offerIdParam, response: { 200: adminOfferCard } } },
    async (request) => toggleVisibilityByAdmin(app, viewerOf(request), request.params.id),
  );

  app.delete(
    '/api/admin/offers/:id',
    { config: admin, schema: { params: offerIdParam, response: { 200: messageBody } } },
    async (request) => {
      await deleteOfferByAdmin(app, request.params.id);
      return DELETED;
    },
  );
};
