import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageBody, messageWithCount, uuidParam } from '../../../shared/schemas/common';
import { memberNotificationList, unreadCount } from '../../../shared/schemas/notifications';
import { currentUser } from '../../plugins/access';
import {
  clearMemberNotifications,
  countMemberUnread,
  listMemberNotifications,
  readMemberNotification,
  removeMemberNotification,
} from './notifications.service';
import { UnreadCountCache } from './unread-count-cache';

const member = { access: 'member' } as const;

/** The bell in the dashboard header: the signed-in member's own copies of the notifications. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Polled by every open dashboard: answered from memory, kept right by the change feed (unread-count-cache.ts).
  const unread = new UnreadCountCache(app.changeFeed);

  app.get(
    '/api/notifications',
    { config: member, schema: { response: { 200: memberNotificationList } } },
    async (request) => listMemberNotifications(app.db, currentUser(request).id),
  );

  app.get(
    '/api/notifications/unread-count',
    { config: member, schema: { response: { 200: unreadCount } } },
    async (request) => {
      const userId = currentUser(request).id;
      return { count: await unread.get(userId, () => countMemberUnread(app.db, userId)) };
    },
  );

  app.patch(
    '/api/notifications/:id/read',
    { config: member, schema: { params: uuidParam, response: { 200: messageBody } } },
    async (request) => {
      await readMemberNotification(app.db, currentUser(request).id, request.params.id);
      return { message: 'Notificação marcada como lida.' };
    },
  );

  app.delete(
    '/api/notifications/:id',
    { config: member, schema: { params: uuidParam, response: { 200: messageBody } } },
    async (request) => {
      await removeMemberNotification(app.db, currentUser(request).id, request.params.id);
      return { message: 'Notificação removida' };
    },
  );

  app.delete(
    '/api/notifications',
    { config: member, schema: { response: { 200: messageWithCount } } },
    async (request) => {
      const count = await clearMemberNotifications(app.db, currentUser(request).id);
      return { message: 'Todas as notificações foram removidas.', count };
    },
  );
};
