import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cloneWebsiteInput, cloneWebsiteResponse } from '../../../shared/schemas/cloner';
import { uuidParam } from '../../../shared/schemas/common';
import { abortOnDisconnect } from '../../lib/abort-on-disconnect';
import { currentUser } from '../../plugins/access';
import { CLONE_BODY_LIMIT, cloneRateLimit } from './cloner.limits';
import { type ClonerDeps, cloneWebsite, getOwnedCloneZip, sweepExpiredClones } from './cloner.service';

const SWEEP_EVERY_MS = 30 * 60 * 1000;

/**
 * The site cloner (issue #14): POST /api/clone-website runs a clone inside the request (it stops when the client
 * goes away); GET /api/clones/:id/download hands the ZIP to the member who made it (anyone else: 404). The
 * browser is the app's (`app.browsers`, closed with it); expired ZIPs are swept every half hour and before each clone.
 */
export const clonerRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ClonerDeps = {
    db: app.db,
    config: app.config,
    storage: app.storage,
    browsers: app.browsers,
    workers: app.workers,
    jobs: app.jobs,
    log: app.log,
  };
  const sweeper = setInterval(() => void sweepExpiredClones(deps).catch(() => {}), SWEEP_EVERY_MS);
  sweeper.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
  });

  app.post(
    '/api/clone-website',
    {
      bodyLimit: CLONE_BODY_LIMIT,
      config: { access: 'member', rateLimit: cloneRateLimit },
      schema: { body: cloneWebsiteInput, response: { 200: cloneWebsiteResponse } },
    },
    async (request, reply) => {
      const disconnect = abortOnDisconnect(reply);
      return cloneWebsite(deps, currentUser(request).id, request.body, disconnect.signal);
    },
  );

  app.get(
    '/api/clones/:id/download',
    { config: { access: 'member' }, schema: { params: uuidParam } },
    async (request, reply) => {
      const { fileName, zip } = await getOwnedCloneZip(deps, currentUser(request).id, request.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(zip);
    },
  );
};
