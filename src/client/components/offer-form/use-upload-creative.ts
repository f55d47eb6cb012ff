import { useMutation } from '@tanstack/react-query';
import type { UploadResult } from '../../../shared/schemas/offers';
import { api } from '../../lib/api-client';

/** POST /api/uploads/creative (multipart, field 'file'): stores the creative and answers its URL and kind. */
export function uploadCreative(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.post<UploadResult>('/api/uploads/creative', form);
}

export function useUploadCreative() {
  return useMutation({ mutationFn: uploadCreative });
}
