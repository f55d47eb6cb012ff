import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '../../../../shared/schemas/auth';
import type { MessageBody } from '../../../../shared/schemas/common';
import { api } from '../../../lib/api-client';

/** POST /api/auth/forgot-password: mails a reset link; an unknown e-mail answers 404 'E-mail não encontrado'. */
export function requestPasswordReset(input: ForgotPasswordInput) {
  return api.post<MessageBody>('/api/auth/forgot-password', input);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
