import { useMutation } from '@tanstack/react-query';
import type { RegisterInput, RegisterResponse } from '../../../../shared/schemas/auth';
import { api } from '../../../lib/api-client';

/** POST /api/auth/register (201): creates the unverified account and mails the link and code. */
export function registerAccount(input: RegisterInput) {
  return api.post<RegisterResponse>('/api/auth/register', input);
}

export function useRegister() {
  return useMutation({ mutationFn: registerAccount });
}
