import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageBody, uuidParam } from '../../../shared/schemas/common';
import { activeBanner, adminBanners, banner, createBannerInput } from '../../../shared/schemas/offers';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { FillCache } from '../../lib/fill-cache';
import { isStoredUpload } from '../../lib/read-upload';
import {
  type BannerView,
  deleteBanner,
  findActiveBanner,
  insertActiveBanner,
  isBannerImageUsed,
} from './banners.repo';

const admin = { access: 'admin' } as const;
export const BANNER_NOT_UPLOADED = 'Imagem do banner inválida: envie a imagem pelo upload do banner.';

/** The scaled-offers banner: members read the active one; the administrator saves and removes it. */
export const bannersRoutes: FastifyPluginAsyncZod = async (app) => {
  // The active banner is read on every catalogue visit: kept in memory until the banners trigger says otherwise.
  const cached = new FillCache<BannerView | null>(1);
  const clear = () => cached.clear();
  app.changeFeed.subscribe({
    onChange: (c) => (c.topic === 'banners' || c.topic === '*') && clear(),
    onReset: clear,
  });

  app.get(
    '/api/banners/active',
    { config: { access: 'member' }, schema: { response: { 200: activeBanner } } },
    async () => {
      const live = app.changeFeed.live;
      const hit = live ? cached.get('active') : undefined;
      if (hit !== undefined) return { banner: hit };
      const token = cached.token();
      const banner = await findActiveBanner(app.db);
      if (live) cached.set('active', banner, token);
      return { banner };
    },
  );

  app.get('/api/admin/banners', { config: admin, schema: { response: { 200: adminBanners } } }, async () => {
    const active = await findActiveBanner(app.db);
    return { hasActiveBanner: active !== null, banner: active };
  });

  app.post(
    '/api/admin/banners',
    { config: admin, schema: { body: createBannerInput, response: { 201: banner } } },
    async (request, reply) => {
      const { imagePath, link } = request.body;
      if (!isStoredUpload(app.storage, imagePath, 'banners')) throw new ValidationError(BANNER_NOT_UPLOADED);
      return reply.status(201).send(await insertActiveBanner(app.db, imagePath, link));
    },
  );

  app.delete(
    '/api/admin/banners/:id',
    { config: admin, schema: { params: uuidParam, response: { 200: messageBody } } },
    async (request) => {
      const imagePath = await deleteBanner(app.db, request.params.id);
      if (imagePath === undefined) throw new NotFoundError('Banner não encontrado.');
      if (!(await isBannerImageUsed(app.db, imagePath))) {
        await app.storage.remove(imagePath).catch((err) => app.log.warn({ err }, 'banner não removido'));
      }
      return { message: 'Banner removido' };
    },
  );
};
