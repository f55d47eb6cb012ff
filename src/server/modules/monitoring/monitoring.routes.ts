import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError, UnauthorizedError } from '../../lib/errors';
import {
  METRICS_NOT_FOUND,
  METRICS_TOKEN_REFUSED,
  registerDatabaseReadings,
  scrapeAuthorized,
} from './monitoring.service';

/**
 * GET /metrics: the Prometheus text of this instance (plugins/metrics.ts, and the database readings below). Public in
 * the access table like the webhooks, because it is authenticated by its own secret: `Authorization: Bearer
 * <METRICS_TOKEN>` (constant-time compare); a missing or wrong token gets 401 and no metric. Without METRICS_TOKEN it
 * answers 404 JSON (with METRICS_PORT the metrics are on that local port instead), never the app's page.
 */
export const monitoringRoutes: FastifyPluginAsyncZod = async (app) => {
  registerDatabaseReadings(app.metrics.registry, {
    db: app.db,
    config: app.config,
    instanceId: app.jobs.instanceId,
  });

  app.get('/metrics', { config: { access: 'public' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const token = app.config.METRICS_TOKEN;
    if (!token) throw new NotFoundError(METRICS_NOT_FOUND);
    if (!scrapeAuthorized(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer');
      throw new UnauthorizedError(METRICS_TOKEN_REFUSED);
    }
    const text = await app.metrics.text();
    return reply.type(app.metrics.contentType).send(text);
  });
};
