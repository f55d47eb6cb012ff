import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { clearAdminMode } from '../../../lib/admin-mode';
import { api, errorMessage } from '../../../lib/api-client';
import { currentUserKey } from './use-current-user';

/** POST /api/auth/logout: clears admin mode and the whole query cache, then goes to /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.post<{ message: string }>('/api/auth/logout'),
    onSuccess: () => {
      clearAdminMode();
      // Mark the live current-user query signed out first so the router (observing it) switches to the
      // signed-out routes, then drop every cached query and keep an explicit "signed out" entry so the
      // router does not flash a loading screen while refetching it.
      queryClient.setQueryData(currentUserKey, null);
      queryClient.clear();
      queryClient.setQueryData(currentUserKey, null);
      navigate('/login', { replace: true });
    },
    onError: (error) => {
      toast.error('Erro no logout', { description: errorMessage(error, 'Tente novamente.') });
    },
  });
}
