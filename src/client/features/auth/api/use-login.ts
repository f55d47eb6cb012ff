import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginInput } from '../../../../shared/schemas/auth';
import { api } from '../../../lib/api-client';
import { currentUserKey } from '../../../lib/session/use-current-user';

/** POST /api/auth/login: answers the signed-in user; failures carry the flags of `loginFailure`. */
export function login(input: LoginInput) {
  return api.post<CurrentUser>('/api/auth/login', input);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserKey, user);
    },
  });
}
