import type { FastifyInstance } from 'fastify';
import {
  AVATAR_MAX_BYTES,
  AVATAR_NOT_IMAGE,
  AVATAR_TOO_LARGE,
  type Balance,
  type PixTopUpMode,
} from '../../../shared/schemas/profile';
import type { DbOrTx } from '../../db/client';
import { ValidationError } from '../../lib/errors';
import { isStoredUpload, type UploadRule } from '../../lib/read-upload';
import {
  countLikesReceived,
  findBalanceCents,
  findProfile,
  isAvatarUsedByOthers,
  type ProfileFields,
  upsertProfile,
} from './profile.repo';

type ProfileDeps = Pick<FastifyInstance, 'db' | 'storage' | 'log'>;

export const INVALID_AVATAR = 'Avatar inválido.';

export async function getProfile(deps: ProfileDeps, userId: string): Promise<ProfileFields> {
  return (await findProfile(deps.db, userId)) ?? { instagram: null, avatar: null };
}

/** An avatar must be a file this app stored as an avatar, and not someone else's. */
async function assertUsableAvatar(deps: ProfileDeps, url: string, userId: string) {
  const ok =
    isStoredUpload(deps.storage, url, 'avatars') && !(await isAvatarUsedByOthers(deps.db, url, userId));
  if (!ok) throw new ValidationError(INVALID_AVATAR);
}

/**
 * Saves the Instagram handle (already without '@') and/or the avatar; undefined keeps a field,
 * null or empty clears it. A replaced avatar file is removed from storage.
 */
export async function updateProfile(
  deps: ProfileDeps,
  userId: string,
  input: { instagram?: string | null; avatar?: string | null },
): Promise<ProfileFields> {
  const changes: Partial<ProfileFields> = {};
  if (input.instagram !== undefined) changes.instagram = input.instagram || null;
  if (input.avatar !== undefined) {
    changes.avatar = input.avatar?.trim() || null;
    if (changes.avatar) await assertUsableAvatar(deps, changes.avatar, userId);
  }
  const previous = await findProfile(deps.db, userId);
  const saved = await upsertProfile(deps.db, userId, changes);
  const oldAvatar = previous?.avatar;
  if (oldAvatar && oldAvatar !== saved.avatar && !(await isAvatarUsedByOthers(deps.db, oldAvatar, userId))) {
    await deps.storage.remove(oldAvatar).catch((err) => deps.log.warn({ err }, 'avatar antigo não removido'));
  }
  return saved;
}

/** POST /api/user/avatar: images only, up to 5 MB. */
export const AVATAR_UPLOAD: UploadRule = {
  maxBytes: AVATAR_MAX_BYTES,
  tooLarge: AVATAR_TOO_LARGE,
  missing: AVATAR_NOT_IMAGE,
  badType: AVATAR_NOT_IMAGE,
  accepts: (type) => type.kind === 'image',
};

/** Likes the member's posts and offers received. */
export async function getLikesReceived(db: DbOrTx, userId: string): Promise<{ likes: number }> {
  return { likes: await countLikesReceived(db, userId) };
}

/**
 * The balance in reais, read from the database (not the cached session user): a debit or a credit shows at once;
 * with the club's PIX top-up mode (PIX_PROVIDER), so the screens never offer a top-up that would be refused.
 */
export async function getBalance(db: DbOrTx, userId: string, pixTopUp: PixTopUpMode): Promise<Balance> {
  return { balance: (await findBalanceCents(db, userId)) / 100, pixTopUp };
}
