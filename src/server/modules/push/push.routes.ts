import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageBody, noContent } from '../../../shared/schemas/common';
import { pushEndpointInput, pushSubscriptionInput, vapidPublicKey } from '../../../shared/schemas/push';
import { currentUser } from '../../plugins/access';
import { subscribeDevice, unsubscribeDevice } from './push.service';
import { vapidDetails } from './vapid-keys';

const member = { access: 'member' } as const;

/** The member's devices for web push: the club's public key, then subscribe and unsubscribe a browser. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config, log: app.log };

  app.get(
    '/api/push/vapid-public-key',
    { config: member, schema: { response: { 200: vapidPublicKey } } },
    async () => ({ key: (await vapidDetails(deps)).publicKey }),
  );

  app.post(
    '/api/push/subscriptions',
    { config: member, schema: { body: pushSubscriptionInput, response: { 201: messageBody } } },
    async (request, reply) => {
      await subscribeDevice(deps, currentUser(request).id, request.body, request.headers['user-agent']);
      return reply.status(201).send({ message: 'Notificações ativadas neste aparelho.' });
    },
  );

  app.delete(
    '/api/push/subscriptions',
    { config: member, schema: { body: pushEndpointInput, response: { 204: noContent } } },
    async (request, reply) => {
      await unsubscribeDevice(deps, currentUser(request).id, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
};
