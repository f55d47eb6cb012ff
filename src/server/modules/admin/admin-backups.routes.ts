import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminBackupStatus } from '../../../shared/schemas/admin';
import { backupStatus } from '../backup/index';

export const adminBackupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/backups',
    { config: { access: 'admin' }, schema: { response: { 200: adminBackupStatus } } },
    async () => backupStatus(app.db, app.config),
  );
};
