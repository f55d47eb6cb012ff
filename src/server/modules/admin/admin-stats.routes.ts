import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminStats } from '../../../shared/schemas/admin';
import { loadAdminStats } from './admin-stats.repo';

export const adminStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/stats',
    { config: { access: 'admin' }, schema: { response: { 200: adminStats } } },
    async () => loadAdminStats(app.db),
  );
};
