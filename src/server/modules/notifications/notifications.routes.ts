import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageBody, uuidParam } from '../../../shared/schemas/common';
import { memberNotification, unreadCount } from '../../../shared/schemas/notifications';
import { z } from '../../../shared/schemas/zod';
import { NotFoundError } from '../../lib/errors';
import { currentUser } from '../../plugins/access';
import {
  countUnreadNotifications,
  deleteAllUserNotifications,
  deleteUserNotification,
  listUserNotifications,
  markNotificationRead,
} from './notifications.repo';
import { UnreadCountCache } from './unread-count-cache';

const member = { access: 'member' } as const;
const NOT_FOUND = 'Notificação não encontrada.';

/** The bell in the dashboard header: the signed-in member's own copies of the notifications. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Polled by every open dashboard: answered from memory, kept right by the change feed (unread-count-cache.ts).
  const unread = new UnreadCountCache(app.changeFeed);

  app.get(
    '/api/notifications',
    { config: member, schema: { response: { 200: z.array(memberNotification) } } },
    async (request) => listUserNotifications(app.db, currentUser(request).id),
  );

  app.get(
    '/api/notifications/unread-count',
    { config: member, schema: { response: { 200: unreadCount } } },
    async (request) => {
      const userId = currentUser(request).id;
      return { count: await unread.get(userId, () => countUnreadNotifications(app.db, userId)) };
    },
  );

  app.patch(
    '/api/notifications/:id/read',
    { config: member, schema: { params: uuidParam, response: { 200: messageBody } } },
    async (request) => {
      if (!(await markNotificationRead(app.db, currentUser(request).id, request.params.id))) {
        throw new NotFoundError(NOT_FOUND);
      }
      return { message: 'Notificação marcada como lida.' };
    },
  );

  app.delete(
    '/api/notifications/:id',
    { config: member, schema: { params: uuidParam, response: { 200: messageBody } } },
    async (request) => {
      if (!(await deleteUserNotification(app.db, currentUser(request).id, request.params.id))) {
        throw new NotFoundError(NOT_FOUND);
      }
      return { message: 'Notificação removida' };
    },
  );

  app.delete(
    '/api/notifications',
    {
      config: member,
      schema: { response: { 200: z.object({ message: z.string(), count: z.number().int() }) } },
    },
    async (request) => {
      const count = await deleteAllUserNotifications(app.db, currentUser(request).id);
      return { message: 'Todas as notificações foram removidas.', count };
    },
  );
};
