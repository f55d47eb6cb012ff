import { useMutation } from '@tanstack/react-query';
import type { CloneWebsiteInput, CloneWebsiteResponse } from '../../../../shared/schemas/cloner';
import { api } from '../../../lib/api-client';

/** POST /api/clone-website: the clone runs inside the request (up to a minute) and answers `{ success, downloadUrl, error }`. */
export function useCloneWebsite() {
  return useMutation({
    mutationFn: (input: CloneWebsiteInput) => api.post<CloneWebsiteResponse>('/api/clone-website', input),
  });
}
