import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageBody, uuidParam } from '../../../shared/schemas/common';
import {
  myUserOfferList,
  refuseUserOfferInput,
  userOffer,
  userOfferApproved,
  userOfferInput,
  userOfferList,
  userOfferPatch,
  userOfferSubmitted,
} from '../../../shared/schemas/offers';
import { TooManyRequestsError } from '../../lib/errors';
import { currentUser } from '../../plugins/access';
import { memberLimitKey } from '../../plugins/rate-limit';
import {
  approveUserOffer,
  editUserOffer,
  getUserOfferForAdmin,
  listMySubmissions,
  listPendingForAdmin,
  refuseUserOffer,
  submitUserOffer,
} from './user-offers.service';

const admin = { access: 'admin' } as const;

/** Submissions per member and hour: far above real use (each one is reviewed by hand), low enough to stop a flood. */
export const SUBMISSIONS_PER_HOUR = 30;
export const TOO_MANY_SUBMISSIONS =
  'Você enviou muitas ofertas em pouco tempo. Aguarde um pouco e tente novamente.';

/** Member submissions ('Subir Oferta') and the administrator's review of them ('Ofertas Usuários'). */
export const userOffersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/user-offers',
    {
      config: {
        access: 'member',
        // Keyed by the signed-in member (loaded by the access hook; preHandler runs after it). Retry-After is sent.
        rateLimit: {
          max: SUBMISSIONS_PER_HOUR,
          timeWindow: 60 * 60 * 1000,
          hook: 'preHandler',
          keyGenerator: memberLimitKey('user-offer'),
          errorResponseBuilder: () => new TooManyRequestsError(TOO_MANY_SUBMISSIONS),
        },
      },
      schema: { body: userOfferInput, response: { 201: userOfferSubmitted } },
    },
    async (request, reply) => {
      const id = await submitUserOffer(app, currentUser(request).id, request.body);
      return reply.status(201).send({ message: 'Oferta enviada para revisão!', id });
    },
  );

  app.get(
    '/api/user-offers/mine',
    { config: { access: 'member' }, schema: { response: { 200: myUserOfferList } } },
    async (request) => listMySubmissions(app, currentUser(request).id),
  );

  app.get(
    '/api/admin/user-offers',
    { config: admin, schema: { response: { 200: userOfferList } } },
    async () => listPendingForAdmin(app),
  );

  app.get(
    '/api/admin/user-offers/:id',
    { config: admin, schema: { params: uuidParam, response: { 200: userOffer } } },
    async (request) => getUserOfferForAdmin(app, request.params.id),
  );

  app.patch(
    '/api/admin/user-offers/:id',
    { config: admin, schema: { params: uuidParam, body: userOfferPatch, response: { 200: userOffer } } },
    async (request) => editUserOffer(app, request.params.id, request.body),
  );

  app.post(
    '/api/admin/user-offers/:id/approve',
    {
      config: admin,
      schema: { params: uuidParam, response: { 200: userOfferApproved } },
    },
    async (request) => {
      const offerId = await approveUserOffer(app, request.params.id, currentUser(request).id);
      return { message: 'Oferta aprovada', offerId };
    },
  );

  app.delete(
    '/api/admin/user-offers/:id',
    {
      config: admin,
      schema: { params: uuidParam, body: refuseUserOfferInput, response: { 200: messageBody } },
    },
    async (request) => {
      await refuseUserOffer(app, request.params.id, currentUser(request).id, request.body?.reason);
      return { message: 'Oferta rejeitada' };
    },
  );
};
