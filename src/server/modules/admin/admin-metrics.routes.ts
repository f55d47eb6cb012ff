import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminMetrics, adminMetricsQuery } from '../../../shared/schemas/admin-metrics';
import { getAdminMetrics } from './admin-metrics.service';

export const adminMetricsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/metrics',
    {
      config: { access: 'admin' },
      schema: { querystring: adminMetricsQuery, response: { 200: adminMetrics } },
    },
    async (request) => getAdminMetrics(app.db, app.config, request.query),
  );
};
