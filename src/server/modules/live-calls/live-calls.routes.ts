import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageBody, uuidParam } from '../../../shared/schemas/common';
import { liveCall, liveCallInput, liveCallList } from '../../../shared/schemas/live-calls';
import { currentUser } from '../../plugins/access';
import { createLiveCall, editLiveCall, listLiveCallsFor, removeLiveCall } from './live-calls.service';

const member = { access: 'member' } as const;
const admin = { access: 'admin' } as const;

/** GET, POST /api/live-calls; PUT, DELETE /api/live-calls/{id}. Writes are the administrator's. */
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
};
