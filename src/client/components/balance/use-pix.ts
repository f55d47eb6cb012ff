import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PixCharge, PixChargeInput, PixConfirmation } from '../../../shared/schemas/pix';
import { api } from '../../lib/api-client';
import { BALANCE_QUERY_KEY } from './use-balance';
import { LEDGER_QUERY_KEY } from './use-ledger';

/** POST /api/pix/charge. */
export function useCreatePixCharge() {
  return useMutation({
    mutationFn: (input: PixChargeInput) => api.post<PixCharge>('/api/pix/charge', input),
  });
}

/** POST /api/pix/confirm; on success the balance, the ledger and the current user (which carries the balance) are refetched. */
export function useConfirmPix() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (txId: string) => api.post<PixConfirmation>('/api/pix/confirm', { txId }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: LEDGER_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['auth', 'user'] }),
      ]);
    },
  });
}
