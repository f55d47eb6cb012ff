import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageBody, uuidParam } from '../../../shared/schemas/common';
import { adminNotification, createNotificationInput } from '../../../shared/schemas/notifications';
import { z } from '../../../shared/schemas/zod';
import { NotFoundError } from '../../lib/errors';
import {
  createNotificationForAll,
  deleteNotification,
  listNotificationsWithRecipients,
} from '../notifications/notifications.repo';

const admin = { access: 'admin' } as const;

export const adminNotificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/notifications',
    { config: admin, schema: { response: { 200: z.array(adminNotification) } } },
    async () => listNotificationsWithRecipients(app.db),
  );

  app.post(
    '/api/admin/notifications',
    { config: admin, schema: { body: createNotificationInput, response: { 201: adminNotification } } },
    async (request, reply) => {
      const created = await app.db.transaction((tx) => createNotificationForAll(tx, request.body));
      return reply.status(201).send({ ...created, createdAt: created.createdAt.toISOString() });
    },
  );

  app.delete(
    '/api/admin/notifications/:id',
    { config: admin, schema: { params: uuidParam, response: { 200: messageBody } } },
    async (request) => {
      if (!(await deleteNotification(app.db, request.params.id))) {
        throw new NotFoundError('Notificação não encontrada.');
      }
      return { message: 'Notificação excluída para todos os usuários.' };
    },
  );
};
