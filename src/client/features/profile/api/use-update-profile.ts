import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '../../../../shared/schemas/profile';
import { api } from '../../../lib/api-client';
import { currentUserKey } from '../../../lib/session/use-current-user';
import { profileKey } from './use-profile';
import { uploadAvatar } from './use-upload-avatar';

export interface SaveProfileVariables {
  /** As typed; a leading '@' is removed before sending. */
  instagram: string;
  /** A newly chosen avatar, uploaded first; none keeps the current one. */
  avatarFile?: File | null;
}

/** Uploads the new avatar (if any), then PUT /api/user/profile; refreshes the current user and profile. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ instagram, avatarFile }: SaveProfileVariables) => {
      const body: { instagram: string; avatar?: string } = { instagram: stripAt(instagram) };
      if (avatarFile) body.avatar = (await uploadAvatar(avatarFile)).url;
      return api.put<Profile>('/api/user/profile', body);
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
        queryClient.invalidateQueries({ queryKey: profileKey }),
      ]);
    },
  });
}

export function stripAt(handle: string): string {
  return handle.trim().replace(/^@+/, '');
}
