import type { FastifyPluginAsync } from 'fastify';
import { systemRoutes } from './system/system.routes';
import { uploadsRoutes } from './uploads/uploads.routes';

/** Every domain module, registered in this order by app.ts. */
export const modules: FastifyPluginAsync[] = [systemRoutes, uploadsRoutes];
