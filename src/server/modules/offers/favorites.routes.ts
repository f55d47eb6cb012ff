import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageBody } from '../../../shared/schemas/common';
import { FAVORITE_EXISTS_CODE, favoriteInput } from '../../../shared/schemas/offers';
import { z } from '../../../shared/schemas/zod';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { addFavorite, deleteFavorite, listFavoriteOfferIds } from './favorites.repo';
import { OFFER_NOT_FOUND, viewerOf } from './offers.service';

const member = { access: 'member' } as const;
const FAVORITES_CAP = 5000;

/** The Favoritos tab: one favourite per member per offer; only offers the member may see. */
export const favoritesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/favorites',
    { config: member, schema: { response: { 200: z.array(z.string()) } } },
    async (request) => listFavoriteOfferIds(app.db, viewerOf(request).id, FAVORITES_CAP),
  );

  app.post(
    '/api/favorites',
    { config: member, schema: { body: favoriteInput, response: { 201: messageBody } } },
    async (request, reply) => {
      const added = await addFavorite(app.db, viewerOf(request), request.body.offerId);
      if (added === 'missing') throw new NotFoundError(OFFER_NOT_FOUND);
      if (added === 'exists') {
        throw new ConflictError('Já está nos favoritos', { code: FAVORITE_EXISTS_CODE });
      }
      return reply.status(201).send({ message: 'Oferta adicionada aos favoritos' });
    },
  );

  app.delete(
    '/api/favorites/:offerId',
    {
      config: member,
      schema: { params: z.object({ offerId: z.string().min(1) }), response: { 200: messageBody } },
    },
    async (request) => {
      if (!(await deleteFavorite(app.db, viewerOf(request).id, request.params.offerId))) {
        throw new NotFoundError('Esta oferta não está nos seus favoritos.');
      }
      return { message: 'Oferta removida dos favoritos' };
    },
  );
};
