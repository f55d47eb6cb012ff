import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { funnelMap, funnelMapStarted } from '../../../shared/schemas/funnel';
import { offerIdParam } from '../../../shared/schemas/offers';
import { abortOnDisconnect } from '../../lib/abort-on-disconnect';
import { currentUser } from '../../plugins/access';
import { slugCheckRateLimit } from '../slug-checker/slug-checker.limits';
import { slugCheckerDepsOf } from '../slug-checker/slug-checker.service';
import { getOfferFunnelMap, mapOfferFunnel } from './funnel-map.service';

/**
 * The funnel kept on an offer (issue #26): GET reads the latest map (404 when none), POST maps it (a paid scan of
 * the offer's site link, free for the administrator, once a day per offer; 202 while another member's runs).
 */
export const funnelMapRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = slugCheckerDepsOf(app);

  app.get(
    '/api/offers/:id/funnel-map',
    { config: { access: 'member' }, schema: { params: offerIdParam, response: { 200: funnelMap } } },
    async (request) => getOfferFunnelMap(deps, currentUser(request), request.params.id),
  );

  app.post(
    '/api/offers/:id/funnel-map',
    {
      config: { access: 'member', rateLimit: slugCheckRateLimit },
      schema: { params: offerIdParam, response: { 200: funnelMap, 202: funnelMapStarted } },
    },
    async (request, reply) => {
      const disconnect = abortOnDisconnect(reply);
      const outcome = await mapOfferFunnel(deps, currentUser(request), request.params.id, disconnect.signal);
      if (outcome.status === 202) return reply.code(202).send({ message: outcome.message });
      return outcome.map;
    },
  );
};
