import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '../../../../shared/schemas/common';
import type { RankingOverrideInput } from '../../../../shared/schemas/community';
import { api, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { adminKeys } from './keys';

/**
 * POST /api/admin/ranking/review/overrides: count or exclude all of a member's likes of the open month, or hand
 * them back to the rules (decision null). Shows the server's message; the review is read again either way.
 */
export function useSetRankingDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RankingOverrideInput) =>
      api.post<MessageBody>('/api/admin/ranking/review/overrides', input),
    onSuccess: ({ message }) => toast.success(message),
    onError: (error) =>
      toast.error('Erro ao registrar a decisão', {
        description: errorMessage(error, 'Não foi possível registrar a decisão.'),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.rankingReviews }),
  });
}
