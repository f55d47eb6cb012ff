import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { demoContentCounts } from '../../../shared/schemas/admin';
import { previewDemoContentRemoval, removeDemoContent } from './demo-content.service';

/** The demo content on the 'Pronto para produção' screen: what removing it deletes, and the removal. */
export const demoContentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/demo-content',
    { config: { access: 'admin' }, schema: { response: { 200: demoContentCounts } } },
    async () => previewDemoContentRemoval(app.db),
  );

  app.delete(
    '/api/admin/demo-content',
    { config: { access: 'admin' }, schema: { response: { 200: demoContentCounts } } },
    async (request) => {
      const counts = await removeDemoContent({ db: app.db, storage: app.storage, log: request.log });
      request.log.info({ counts }, 'conteúdo de demonstração removido');
      return counts;
    },
  );
};
