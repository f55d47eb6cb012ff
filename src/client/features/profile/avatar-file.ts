import { AVATAR_MAX_BYTES, AVATAR_NOT_IMAGE, AVATAR_TOO_LARGE } from '../../../shared/schemas/profile';

/** Client-side check before preview and upload (the server checks the bytes again). Null when fine. */
export function validateAvatarFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return AVATAR_NOT_IMAGE;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_TOO_LARGE;
  return null;
}
