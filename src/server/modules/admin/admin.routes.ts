import type { FastifyPluginAsync } from 'fastify';
import { adminBackupsRoutes } from './admin-backups.routes';
import { adminMetricsRoutes } from './admin-metrics.routes';
import { adminNotificationsRoutes } from './admin-notifications.routes';
import { adminStatsRoutes } from './admin-stats.routes';
import { adminUsersRoutes } from './admin-users.routes';
import { adminWebhooksRoutes } from './admin-webhooks.routes';

/** The administrator's API (/api/admin/*): every route declares access 'admin'. */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  await app.register(adminStatsRoutes);
  await app.register(adminMetricsRoutes);
  await app.register(adminUsersRoutes);
  await app.register(adminWebhooksRoutes);
  await app.register(adminNotificationsRoutes);
  await app.register(adminBackupsRoutes);
};
