import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUser,
  adminUserPage,
  adminUsersQuery,
  updateUserStatusInput,
  verifyUserInput,
} from '../../../shared/schemas/admin';
import { messageWithCount, uuidParam } from '../../../shared/schemas/common';
import { currentUser } from '../../plugins/access';
import {
  listUsersForAdmin,
  logoutAllUsers,
  setUserStatusByAdmin,
  verifyUserByAdmin,
} from './admin-users.service';

const admin = { access: 'admin' } as const;

export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/users',
    { config: admin, schema: { querystring: adminUsersQuery, response: { 200: adminUserPage } } },
    async (request) => listUsersForAdmin(app.db, request.query),
  );

  app.patch(
    '/api/admin/users/:id/status',
    {
      config: admin,
      schema: { params: uuidParam, body: updateUserStatusInput, response: { 200: adminUser } },
    },
    async (request) =>
      setUserStatusByAdmin(app.db, currentUser(request), request.params.id, request.body.status),
  );

  app.patch(
    '/api/admin/users/:id/verify',
    { config: admin, schema: { params: uuidParam, body: verifyUserInput, response: { 200: adminUser } } },
    async (request) => verifyUserByAdmin(app.db, request.params.id),
  );

  app.post(
    '/api/admin/logout-all-users',
    { config: admin, schema: { response: { 200: messageWithCount } } },
    async (request) => {
      const count = await logoutAllUsers(app.db, request.sessionHash ?? undefined);
      return { message: 'Todos os usuários foram desconectados.', count };
    },
  );
};
