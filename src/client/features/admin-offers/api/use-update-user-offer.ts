import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserOffer, userOfferPatch } from '../../../../shared/schemas/offers';
import type { z } from '../../../../shared/schemas/zod';
import { api } from '../../../lib/api-client';
import { adminOfferKeys } from './keys';

/** PATCH /api/admin/user-offers/:id: the administrator corrects a pending submission. */
export function useUpdateUserOffer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: z.input<typeof userOfferPatch>) =>
      api.patch<UserOffer>(`/api/admin/user-offers/${encodeURIComponent(id)}`, patch),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminOfferKeys.userOffer(id), saved);
      return queryClient.invalidateQueries({ queryKey: adminOfferKeys.userOffers });
    },
  });
}
