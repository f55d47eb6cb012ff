import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BANNER_BAD_TYPE,
  BANNER_MAX_BYTES,
  CREATIVE_BAD_TYPE,
  CREATIVE_MAX_BYTES,
  CREATIVE_TOO_LARGE,
  uploadResult,
} from '../../../shared/schemas/offers';
import { readUpload, type UploadRule } from '../../lib/read-upload';
import { currentUser } from '../../plugins/access';
import { memberLimitKey } from '../../plugins/rate-limit';

/** Offer creatives: every image and video type the app recognises (JPG, PNG, GIF, WebP, MP4, MOV, MPEG). */
export const CREATIVE_UPLOAD: UploadRule = {
  maxBytes: CREATIVE_MAX_BYTES,
  tooLarge: CREATIVE_TOO_LARGE,
  missing: 'Upload do criativo é obrigatório',
  badType: CREATIVE_BAD_TYPE,
  accepts: (type) => ['jpg', 'png', 'gif', 'webp', 'mp4', 'mov', 'mpg'].includes(type.ext),
};

/** The scaled-offers banner: JPG, PNG or WebP only. */
export const BANNER_UPLOAD: UploadRule = {
  maxBytes: BANNER_MAX_BYTES,
  tooLarge: CREATIVE_TOO_LARGE,
  missing: 'Por favor, selecione uma imagem para o banner.',
  badType: BANNER_BAD_TYPE,
  accepts: (type) => ['jpg', 'png', 'webp'].includes(type.ext),
};

/** Uploads per member and hour: far above real use, low enough that nobody fills the disk. */
const CREATIVE_UPLOADS_PER_HOUR = 60;

/** Multipart uploads (field 'file'): stored under random names, the URL goes back to the form. */
export const uploadsApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/uploads/creative',
    {
      config: {
        access: 'member',
        rateLimit: {
          max: CREATIVE_UPLOADS_PER_HOUR,
          timeWindow: 60 * 60 * 1000,
          keyGenerator: memberLimitKey('creative'),
        },
      },
      schema: { response: { 201: uploadResult } },
    },
    async (request, reply) => {
      currentUser(request);
      const { data, type } = await readUpload(request, CREATIVE_UPLOAD);
      const { url } = await app.storage.put(data, type, 'creatives');
      return reply.status(201).send({ url, kind: type.kind });
    },
  );

  app.post(
    '/api/uploads/banner',
    { config: { access: 'admin' }, schema: { response: { 201: uploadResult } } },
    async (request, reply) => {
      const { data, type } = await readUpload(request, BANNER_UPLOAD);
      const { url } = await app.storage.put(data, type, 'banners');
      return reply.status(201).send({ url, kind: type.kind });
    },
  );
};
