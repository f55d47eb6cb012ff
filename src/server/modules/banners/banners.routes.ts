import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageBody, uuidParam } from '../../../shared/schemas/common';
import { activeBanner, adminBanners, banner, createBannerInput } from '../../../shared/schemas/offers';
import { FillCache } from '../../lib/fill-cache';
import { type BannerView, createBanner, getActiveBanner, removeBanner } from './banners.service';

const admin = { access: 'admin' } as const;

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
      const banner = await getActiveBanner(app.db);
      if (live) cached.set('active', banner, token);
      return { banner };
    },
  );

  app.get('/api/admin/banners', { config: admin, schema: { response: { 200: adminBanners } } }, async () => {
    const active = await getActiveBanner(app.db);
    return { hasActiveBanner: active !== null, banner: active };
  });

  app.post(
    '/api/admin/banners',
    { config: admin, schema: { body: createBannerInput, response: { 201: banner } } },
    async (request, reply) =>
      reply.status(201).send(await createBanner(app, request.body.imagePath, request.body.link)),
  );

  app.delete(
    '/api/admin/banners/:id',
    { config: admin, schema: { params: uuidParam, response: { 200: messageBody } } },
    async (request) => {
      await removeBanner(app, request.params.id);
      return { message: 'Banner removido' };
    },
  );
};
