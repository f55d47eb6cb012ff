import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUser, updateUserStatusInput, verifyUserInput } from '../../../shared/schemas/admin';
import { uuidParam } from '../../../shared/schemas/common';
import { z } from '../../../shared/schemas/zod';
import { currentUser } from '../../plugins/access';
import { endAllSessions } from '../../plugins/session';
import { listUsers, toAdminUser } from './admin-users.repo';
import { setUserStatusByAdmin, verifyUserByAdmin } from './admin-users.service';

const admin = { access: 'admin' } as const;

export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/users',
    { config: admin, schema: { response: { 200: z.array(adminUser) } } },
    async () => (await listUsers(app.db)).map(toAdminUser),
  );

  app.patch(
    '/api/admin/users/:id/status',
    {
      config: admin,
      schema: { params: uuidParam, body: updateUserStatusInput, response: { 200: adminUser } },
    },
    async (request) => {
      const user = await setUserStatusByAdmin(
        app.db,
        currentUser(request),
        request.params.id,
        request.body.status,
      );
      return toAdminUser(user);
    },
  );

  app.patch(
    '/api/admin/users/:id/verify',
    { config: admin, schema: { params: uuidParam, body: verifyUserInput, response: { 200: adminUser } } },
    async (request) => toAdminUser(await verifyUserByAdmin(app.db, request.params.id)),
  );

  app.post(
    '/api/admin/logout-all-users',
    {
      config: admin,
      schema: { response: { 200: z.object({ message: z.string(), count: z.number().int() }) } },
    },
    async (request) => {
      const count = await endAllSessions(app.db, request.sessionHash ?? undefined);
      return { message: 'Todos os usuários foram desconectados.', count };
    },
  );
};
