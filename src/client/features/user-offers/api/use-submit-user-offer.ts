import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserOfferSubmitted, userOfferInput } from '../../../../shared/schemas/offers';
import type { z } from '../../../../shared/schemas/zod';
import { api } from '../../../lib/api-client';
import { userOfferKeys } from './keys';

/** POST /api/user-offers: the member's submission, pending until an administrator reviews it. */
export function useSubmitUserOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof userOfferInput>) =>
      api.post<UserOfferSubmitted>('/api/user-offers', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userOfferKeys.mine }),
  });
}
