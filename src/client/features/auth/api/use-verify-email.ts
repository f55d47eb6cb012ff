import { useMutation } from '@tanstack/react-query';
import type { VerifyEmailInput } from '../../../../shared/schemas/auth';
import type { MessageBody } from '../../../../shared/schemas/common';
import { api } from '../../../lib/api-client';

/** POST /api/auth/verify-email: `token` is the mail link's token or the 6-digit code typed by hand. */
export function verifyEmail(input: VerifyEmailInput) {
  return api.post<MessageBody>('/api/auth/verify-email', input);
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
