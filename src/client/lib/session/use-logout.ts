import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '../../../shared/schemas/common';
import { clearAdminMode } from '../admin-mode';
import { api, errorMessage } from '../api-client';
import { removeLocal } from '../local-json';
import { toast } from '../toast';
import { OFFLINE_USER_KEY } from './use-current-user';

/** Where the browser lands after logout; a full page load, see useLogout. */
export const AFTER_LOGOUT_PATH = '/login';

/**
 * POST /api/auth/logout, then clears admin mode and the whole query cache and goes to /login.
 * The last step is a full page load on purpose: React Router applies a navigation as a transition
 * while the "signed out" cache change re-renders at once, so an in-app navigate() would first render
 * the signed-out '/' (which redirects to /register) and lose the /login target. A fresh load also drops
 * any other in-memory state of the signed-in session.
 */
export function useLogout({ redirect = (path: string) => window.location.replace(path) } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MessageBody>('/api/auth/logout'),
    onSuccess: () => {
      clearAdminMode();
      removeLocal(OFFLINE_USER_KEY);
      queryClient.clear();
      redirect(AFTER_LOGOUT_PATH);
    },
    onError: (error) => {
      toast.error('Erro no logout', { description: errorMessage(error, 'Tente novamente.') });
    },
  });
}
