import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHECKOUT_PATH, SUPPORT_PATH } from '../../../shared/club';
import { checkoutQuery, clubInfo } from '../../../shared/schemas/club';
import { checkoutTarget, clubPlans } from './club.service';

const open = { access: 'public' } as const;

/**
 * Buying and support, from the configuration: GET /clube redirects to the checkout (Lastlink), GET /suporte to the
 * support chat, GET /api/club lists the plans and prices the landing page shows.
 */
export const clubRoutes: FastifyPluginAsyncZod = async (app) => {
  const info = { plans: clubPlans(app.config) };

  app.get(CHECKOUT_PATH, { config: open, schema: { querystring: checkoutQuery } }, async (request, reply) =>
    reply.header('cache-control', 'no-store').redirect(checkoutTarget(app.config, request.query.plano), 302),
  );

  app.get(SUPPORT_PATH, { config: open }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').redirect(app.config.SUPPORT_URL, 302),
  );

  app.get('/api/club', { config: open, schema: { response: { 200: clubInfo } } }, async () => info);
};
