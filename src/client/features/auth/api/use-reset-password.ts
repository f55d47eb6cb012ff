import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResetPasswordInput } from '../../../../shared/schemas/auth';
import type { MessageBody } from '../../../../shared/schemas/common';
import { api } from '../../../lib/api-client';
import { currentUserKey } from '../../../lib/session/use-current-user';

/** POST /api/auth/reset-password: sets the new password and ends every session of that account. */
export function resetPassword(input: ResetPasswordInput) {
  return api.post<MessageBody>('/api/auth/reset-password', input);
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // The server ended all sessions of the account: a signed-in browser must read its state again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}
