import type { AvatarUploadResult } from '../../../../shared/schemas/profile';
import { api } from '../../../lib/api-client';

/**
 * POST /api/user/avatar (multipart, field 'file'): stores the image and answers its URL.
 * Called by useUpdateProfile when the member saves, never on its own.
 */
export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.post<AvatarUploadResult>('/api/user/avatar', form);
}
