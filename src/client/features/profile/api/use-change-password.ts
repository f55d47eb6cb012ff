import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '../../../../shared/schemas/auth';
import type { MessageBody } from '../../../../shared/schemas/common';
import { api } from '../../../lib/api-client';

/** POST /api/user/password: this session stays, the member's other sessions end. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post<MessageBody>('/api/user/password', input),
  });
}
