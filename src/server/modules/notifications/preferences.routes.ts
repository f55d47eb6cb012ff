import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationPreferences,
  unsubscribeInfo,
  unsubscribeResult,
  unsubscribeTokenQuery,
  updateNotificationPreferencesInput,
} from '../../../shared/schemas/notifications';
import { currentUser } from '../../plugins/access';
import {
  describeUnsubscribe,
  getNotificationPreferences,
  unsubscribeByToken,
  updateNotificationPreferences,
} from './preferences.service';

/** Per client address: a signed link needs no guessing, this only keeps a flood off the database. */
const UNSUBSCRIBE_LIMIT = { max: 30, timeWindow: 15 * 60 * 1000 };

/** The member's channels per kind (/perfil) and the e-mails' unsubscribe links, which work signed out. */
export const notificationPreferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  // RFC 8058: the mail provider POSTs `List-Unsubscribe=One-Click` as a form. The body says nothing the token does
  // not, so it is read and dropped (small, this plugin's routes only).
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'text/plain'],
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, undefined),
  );

  app.get(
    '/api/user/notification-preferences',
    { config: { access: 'member' }, schema: { response: { 200: notificationPreferences } } },
    async (request) => getNotificationPreferences(app.db, currentUser(request).id),
  );

  app.put(
    '/api/user/notification-preferences',
    {
      config: { access: 'member' },
      schema: { body: updateNotificationPreferencesInput, response: { 200: notificationPreferences } },
    },
    async (request) => updateNotificationPreferences(app.db, currentUser(request).id, request.body),
  );

  app.get(
    '/api/notifications/unsubscribe',
    {
      config: { access: 'public', rateLimit: UNSUBSCRIBE_LIMIT },
      schema: { querystring: unsubscribeTokenQuery, response: { 200: unsubscribeInfo } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return describeUnsubscribe(app.db, request.query.token);
    },
  );

  app.post(
    '/api/notifications/unsubscribe',
    {
      // Authenticated by the signed token in the URL (the mail provider's POST has no Origin of ours).
      config: { access: 'public', csrf: false, rateLimit: UNSUBSCRIBE_LIMIT },
      schema: { querystring: unsubscribeTokenQuery, response: { 200: unsubscribeResult } },
    },
    async (request) => unsubscribeByToken(app.db, request.query.token),
  );
};
