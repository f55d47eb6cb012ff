import { useMutation } from '@tanstack/react-query';
import type { userOfferInput } from '../../../../shared/schemas/offers';
import type { z } from '../../../../shared/schemas/zod';
import { api } from '../../../lib/api-client';

/** POST /api/user-offers: the member's submission, pending until an administrator reviews it. */
export function useSubmitUserOffer() {
  return useMutation({
    mutationFn: (input: z.output<typeof userOfferInput>) =>
      api.post<{ message: string; id: string }>('/api/user-offers', input),
  });
}
