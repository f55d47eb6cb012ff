import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { AVATAR_MAX_BYTES, AVATAR_NOT_IMAGE, AVATAR_TOO_LARGE } from '../../../shared/schemas/profile';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../../lib/errors';
import { detectFileType } from '../../lib/file-type';
import { findProfile, isAvatarUsedByOthers, type ProfileFields, upsertProfile } from './profile.repo';

type ProfileDeps = Pick<FastifyInstance, 'db' | 'storage' | 'log'>;

export const INVALID_AVATAR = 'Avatar inválido.';

export async function getProfile(deps: ProfileDeps, userId: string): Promise<ProfileFields> {
  return (await findProfile(deps.db, userId)) ?? { instagram: null, avatar: null };
}

/** An avatar must be a file this app stored as an avatar, and not someone else's. */
async function assertUsableAvatar(deps: ProfileDeps, url: string, userId: string) {
  const ok =
    deps.storage.owns(url) &&
    /\/avatars\/[^/]+$/.test(url) &&
    !(await isAvatarUsedByOthers(deps.db, url, userId));
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

/** Reads the upload with the size limit first, then accepts only images recognised by their bytes. */
export async function storeAvatar(deps: ProfileDeps, file: MultipartFile | undefined): Promise<string> {
  if (file?.fieldname !== 'file') throw new ValidationError(AVATAR_NOT_IMAGE);
  let data: Buffer;
  try {
    data = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new PayloadTooLargeError(AVATAR_TOO_LARGE);
    throw err;
  }
  if (file.file.truncated || data.length > AVATAR_MAX_BYTES) throw new PayloadTooLargeError(AVATAR_TOO_LARGE);
  const type = detectFileType(data);
  if (type?.kind !== 'image') throw new UnsupportedMediaTypeError(AVATAR_NOT_IMAGE);
  const stored = await deps.storage.put(data, type, 'avatars');
  return stored.url;
}
