import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  avatarUploadResult,
  balance,
  likesTotal,
  membership,
  profile,
  updateProfileInput,
} from '../../../shared/schemas/profile';
import { readUpload } from '../../lib/read-upload';
import { currentUser } from '../../plugins/access';
import { loadMembership } from './membership.service';
import { AVATAR_UPLOAD, getBalance, getLikesReceived, getProfile, updateProfile } from './profile.service';

/** The member's own profile (avatar and Instagram are the only editable fields), likes and balance. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/profile',
    { config: { access: 'member' }, schema: { response: { 200: profile } } },
    async (request) => getProfile(app, currentUser(request).id),
  );

  app.put(
    '/api/user/profile',
    { config: { access: 'member' }, schema: { body: updateProfileInput, response: { 200: profile } } },
    async (request) => updateProfile(app, currentUser(request).id, request.body),
  );

  app.post(
    '/api/user/avatar',
    { config: { access: 'member' }, schema: { response: { 201: avatarUploadResult } } },
    async (request, reply) => {
      currentUser(request);
      const { data, type } = await readUpload(request, AVATAR_UPLOAD);
      const { url } = await app.storage.put(data, type, 'avatars');
      return reply.status(201).send({ url });
    },
  );

  app.get(
    '/api/user/likes',
    { config: { access: 'member' }, schema: { response: { 200: likesTotal } } },
    async (request) => getLikesReceived(app.db, currentUser(request).id),
  );

  app.get(
    '/api/user/membership',
    { config: { access: 'member' }, schema: { response: { 200: membership } } },
    async (request) => loadMembership(app.db, currentUser(request).id),
  );

  app.get(
    '/api/user/balance',
    { config: { access: 'member' }, schema: { response: { 200: balance } } },
    async (request) => getBalance(app.db, currentUser(request).id, app.config.PIX_PROVIDER),
  );
};
