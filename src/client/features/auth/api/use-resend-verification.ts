import { useMutation } from '@tanstack/react-query';
import type { MessageBody } from '../../../../shared/schemas/common';
import { api } from '../../../lib/api-client';

/** POST /api/auth/resend-verification: mails a new link and code to an unverified account. */
export function resendVerification(email: string) {
  return api.post<MessageBody>('/api/auth/resend-verification', { email });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
