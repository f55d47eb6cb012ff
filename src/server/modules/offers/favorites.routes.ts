import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idList, messageBody } from '../../../shared/schemas/common';
import { favoriteInput, favoriteParam } from '../../../shared/schemas/offers';
import { viewerOf } from '../../plugins/access';
import { addToFavorites, listFavorites, removeFromFavorites } from './favorites.service';

const member = { access: 'member' } as const;

/** The Favoritos tab: one favourite per member per offer; only offers the member may see. */
export const favoritesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/favorites', { config: member, schema: { response: { 200: idList } } }, async (request) =>
    listFavorites(app.db, viewerOf(request).id),
  );

  app.post(
    '/api/favorites',
    { config: member, schema: { body: favoriteInput, response: { 201: messageBody } } },
    async (request, reply) => {
      await addToFavorites(app.db, viewerOf(request), request.body.offerId);
      return reply.status(201).send({ message: 'Oferta adicionada aos favoritos' });
    },
  );

  app.delete(
    '/api/favorites/:offerId',
    { config: member, schema: { params: favoriteParam, response: { 200: messageBody } } },
    async (request) => {
      await removeFromFavorites(app.db, viewerOf(request).id, request.params.offerId);
      return { message: 'Oferta removida dos favoritos' };
    },
  );
};
