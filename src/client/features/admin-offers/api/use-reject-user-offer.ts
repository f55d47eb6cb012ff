import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '../../../../shared/schemas/common';
import { api, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { adminOfferKeys, otherKeys } from './keys';

export interface RejectUserOfferVariables {
  id: string;
  /** The reason the member reads; blank sends none. */
  reason?: string;
}

/**
 * DELETE /api/admin/user-offers/:id (body `{ reason }` when one was written): the submission is kept as refused,
 * with the reason, and its author is told in the bell.
 */
export function useRejectUserOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: RejectUserOfferVariables) => {
      const why = reason?.trim();
      return api.delete<MessageBody>(
        `/api/admin/user-offers/${encodeURIComponent(id)}`,
        why ? { reason: why } : undefined,
      );
    },
    onSuccess: () => toast.success('Oferta rejeitada'),
    onError: (error) =>
      toast.error('Erro ao rejeitar oferta', { description: errorMessage(error, 'Tente novamente.') }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOfferKeys.userOffers }),
        queryClient.invalidateQueries({ queryKey: otherKeys.stats }),
      ]),
  });
}
