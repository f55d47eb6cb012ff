import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageBody, uuidParam } from '../../../shared/schemas/common';
import {
  calendarFeed,
  calendarFeedQuery,
  liveCall,
  liveCallInput,
  liveCallList,
} from '../../../shared/schemas/live-calls';
import { currentUser } from '../../plugins/access';
import {
  calendarFeedFile,
  calendarFeedFor,
  callCalendarFile,
  createLiveCall,
  editLiveCall,
  listLiveCallsFor,
  removeLiveCall,
  resetCalendarFeed,
} from './live-calls.service';

const member = { access: 'member' } as const;
const admin = { access: 'admin' } as const;
const ICS_TYPE = 'text/calendar; charset=utf-8';

/**
 * GET, POST /api/live-calls; PUT, DELETE /api/live-calls/{id}. Writes are the administrator's. The calendars:
 * GET /api/live-calls/{id}.ics (one call), GET /api/live-calls.ics?token= (the member's feed, authenticated by its
 * token), GET /api/user/calendar-feed and POST /api/user/calendar-feed/reset (the feed's address).
 */
export const liveCallsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/live-calls',
    { config: member, schema: { response: { 200: liveCallList } } },
    async (request) => listLiveCallsFor(app.db, currentUser(request)),
  );

  app.post(
    '/api/live-calls',
    { config: admin, schema: { body: liveCallInput, response: { 201: liveCall } } },
    async (request, reply) => reply.status(201).send(await createLiveCall(app.db, request.body)),
  );

  app.put(
    '/api/live-calls/:id',
    { config: admin, schema: { params: uuidParam, body: liveCallInput, response: { 200: liveCall } } },
    async (request) => editLiveCall(app.db, request.params.id, request.body),
  );

  app.delete(
    '/api/live-calls/:id',
    { config: admin, schema: { params: uuidParam, response: { 200: messageBody } } },
    async (request) => {
      await removeLiveCall(app.db, request.params.id);
      return { message: 'Call excluída' };
    },
  );

  app.get(
    '/api/live-calls/:id.ics',
    { config: member, schema: { params: uuidParam } },
    async (request, reply) => {
      const { fileName, ics } = await callCalendarFile(app.db, request.params.id, app.config.APP_URL);
      return reply
        .header('content-type', ICS_TYPE)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(ics);
    },
  );

  // Public: calendar apps fetch it without a session; the member's secret token is the credential.
  app.get(
    '/api/live-calls.ics',
    { config: { access: 'public' }, schema: { querystring: calendarFeedQuery } },
    async (request, reply) => {
      const ics = await calendarFeedFile(app.db, request.query.token, app.config.APP_URL);
      return (
        reply
          .header('content-type', ICS_TYPE)
          .header('content-disposition', 'inline; filename="calls-clube-escala.ics"')
          // The caller's own cache only, 5 minutes (the calendar apps re-read it far less often anyway).
          .header('cache-control', 'private, max-age=300')
          .header('referrer-policy', 'no-referrer')
          .send(ics)
      );
    },
  );

  app.get(
    '/api/user/calendar-feed',
    { config: member, schema: { response: { 200: calendarFeed } } },
    async (request) => calendarFeedFor(app.db, currentUser(request).id, app.config.APP_URL),
  );

  app.post(
    '/api/user/calendar-feed/reset',
    { config: member, schema: { response: { 200: calendarFeed } } },
    async (request) => resetCalendarFeed(app.db, currentUser(request).id, app.config.APP_URL),
  );
};
