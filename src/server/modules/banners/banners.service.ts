import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { isStoredUpload } from '../../lib/read-upload';
import {
  type BannerView,
  deleteBanner,
  findActiveBanner,
  insertActiveBanner,
  isBannerImageUsed,
} from './banners.repo';

export type { BannerView };

type Deps = Pick<FastifyInstance, 'db' | 'storage' | 'log'>;

export const BANNER_NOT_UPLOADED = 'Imagem do banner inválida: envie a imagem pelo upload do banner.';

export function getActiveBanner(db: DbOrTx): Promise<BannerView | null> {
  return findActiveBanner(db);
}

/** The new active banner: its image must be a file this app stored as a banner. */
export async function createBanner(deps: Deps, imagePath: string, link: string | null): Promise<BannerView> {
  if (!isStoredUpload(deps.storage, imagePath, 'banners')) throw new ValidationError(BANNER_NOT_UPLOADED);
  return insertActiveBanner(deps.db, imagePath, link);
}

/** Removes the banner, and its image file when no other banner shows it. */
export async function removeBanner(deps: Deps, id: string): Promise<void> {
  const imagePath = await deleteBanner(deps.db, id);
  if (imagePath === undefined) throw new NotFoundError('Banner não encontrado.');
  if (!(await isBannerImageUsed(deps.db, imagePath))) {
    await deps.storage.remove(imagePath).catch((err) => deps.log.warn({ err }, 'banner não removido'));
  }
}
