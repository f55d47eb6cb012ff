import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageBody, uuidParam } from '../../../shared/schemas/common';
import {
  adminNotification,
  adminNotificationList,
  createNotificationInput,
} from '../../../shared/schemas/notifications';
import {
  listNotificationsForAdmin,
  removeNotificationForAll,
  sendNotificationToAll,
} from '../notifications/notifications.service';

const admin = { access: 'admin' } as const;

export const adminNotificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/notifications',
    { config: admin, schema: { response: { 200: adminNotificationList } } },
    async () => listNotificationsForAdmin(app.db),
  );

  app.post(
    '/api/admin/notifications',
    { config: admin, schema: { body: createNotificationInput, response: { 201: adminNotification } } },
    async (request, reply) => reply.status(201).send(await sendNotificationToAll(app.db, request.body)),
  );

  app.delete(
    '/api/admin/notifications/:id',
    { config: admin, schema: { params: uuidParam, response: { 200: messageBody } } },
    async (request) => {
      await removeNotificationForAll(app.db, request.params.id);
      return { message: 'Notificação excluída para todos os usuários.' };
    },
  );
};
