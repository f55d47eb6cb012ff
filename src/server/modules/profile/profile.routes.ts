import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AVATAR_MAX_BYTES,
  AVATAR_TOO_LARGE,
  balance,
  likesTotal,
  profile,
  updateProfileInput,
} from '../../../shared/schemas/profile';
import { z } from '../../../shared/schemas/zod';
import { PayloadTooLargeError } from '../../lib/errors';
import { currentUser } from '../../plugins/access';
import { countLikesReceived } from './profile.repo';
import { getProfile, storeAvatar, updateProfile } from './profile.service';

/** Room for the multipart envelope around a file of the maximum size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

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
    { config: { access: 'member' }, schema: { response: { 201: z.object({ url: z.string() }) } } },
    async (request, reply) => {
      currentUser(request);
      // Size first: a declared body far above the limit is refused before a byte is read.
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > AVATAR_MAX_BYTES + MULTIPART_OVERHEAD_BYTES)
        throw new PayloadTooLargeError(AVATAR_TOO_LARGE);
      const url = await storeAvatar(app, await request.file());
      return reply.status(201).send({ url });
    },
  );

  app.get(
    '/api/user/likes',
    { config: { access: 'member' }, schema: { response: { 200: likesTotal } } },
    async (request) => ({ likes: await countLikesReceived(app.db, currentUser(request).id) }),
  );

  app.get(
    '/api/user/balance',
    { config: { access: 'member' }, schema: { response: { 200: balance } } },
    // The access hook reads the user from the database on every request, so this is the current balance.
    async (request) => ({ balance: currentUser(request).balanceCents / 100 }),
  );
};
