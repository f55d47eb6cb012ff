import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { NotFoundError } from '../../lib/errors';
import { contentTypeOfExtension } from '../../lib/file-type';
import { ensureLocalVariant, isSafeUploadKey, uploadsDir } from '../../lib/storage/storage';
import { VARIANT_KEY_RE } from '../../lib/storage/storage-variants';
import { uploadsApiRoutes } from './uploads-api.routes';

/**
 * Serves files of the local storage (random names only, the type from the stored extension, nosniff, no
 * scripts) and registers the upload API. A resized copy missing beside an older original is made on its
 * first request (ensureLocalVariant).
 */
export const uploadsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(uploadsApiRoutes);
  app.get('/uploads/:folder/:name', { config: { access: 'public' } }, async (request, reply) => {
    const { folder, name } = request.params as { folder: string; name: string };
    const key = `${folder}/${name}`;
    if (!isSafeUploadKey(key)) throw new NotFoundError('Arquivo não encontrado.');
    const file = path.join(uploadsDir(app.config), key);
    const found = () =>
      stat(file).then(
        (s) => (s.isFile() ? s : null),
        () => null,
      );
    let info = await found();
    if (!info && VARIANT_KEY_RE.test(key) && (await ensureLocalVariant(app.config, key)))
      info = await found();
    if (!info) throw new NotFoundError('Arquivo não encontrado.');
    const ext = name.split('.').pop() ?? '';
    return reply
      .header('content-type', contentTypeOfExtension(ext))
      .header('content-length', info.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(createReadStream(file));
  });
};
