import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminStats } from '../../../shared/schemas/admin';
import { getAdminStats } from './admin-stats.service';

export const adminStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/stats',
    { config: { access: 'admin' }, schema: { response: { 200: adminStats } } },
    async () => getAdminStats(app.db),
  );
};
