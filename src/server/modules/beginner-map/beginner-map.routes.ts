import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBeginnerMapLesson,
  beginnerMap,
  beginnerMapLessonInput,
  completionResult,
  lessonIdParam,
  stepIdParam,
} from '../../../shared/schemas/beginner-map';
import { currentUser } from '../../plugins/access';
import { beginnerMapFor, editLesson, setLessonDone, setStepDone } from './beginner-map.service';

const member = { access: 'member' } as const;
const admin = { access: 'admin' } as const;

/**
 * The beginner map: the member reads it with their progress and marks lessons and steps done (POST) or not
 * (DELETE), idempotently; the administrator edits a lesson's texts, video and partner-tool link.
 */
export const beginnerMapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/beginner-map',
    { config: member, schema: { response: { 200: beginnerMap } } },
    async (request) => beginnerMapFor(app.db, currentUser(request).id),
  );

  for (const [method, done] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/beginner-map/lessons/:id/done',
      config: member,
      schema: { params: lessonIdParam, response: { 200: completionResult } },
      handler: async (request) => setLessonDone(app.db, currentUser(request).id, request.params.id, done),
    });
    app.route({
      method,
      url: '/api/beginner-map/steps/:id/done',
      config: member,
      schema: { params: stepIdParam, response: { 200: completionResult } },
      handler: async (request) => setStepDone(app.db, currentUser(request).id, request.params.id, done),
    });
  }

  app.put(
    '/api/admin/beginner-map/lessons/:id',
    {
      config: admin,
      schema: {
        params: lessonIdParam,
        body: beginnerMapLessonInput,
        response: { 200: adminBeginnerMapLesson },
      },
    },
    async (request) => editLesson(app.db, request.params.id, request.body),
  );
};
