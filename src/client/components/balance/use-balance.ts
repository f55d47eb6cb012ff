import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Balance } from '../../../shared/schemas/profile';
import { api } from '../../lib/api-client';

/** TanStack Query key of the member's balance; invalidate it after anything that moves money. */
export const BALANCE_QUERY_KEY = ['user', 'balance'] as const;

export const balanceQuery = queryOptions({
  queryKey: BALANCE_QUERY_KEY,
  queryFn: async (): Promise<number> => (await api.get<Balance>('/api/user/balance')).balance,
});

/** GET /api/user/balance: the member's balance in reais (`data` is a number, e.g. 51.5). */
export function useBalance() {
  return useQuery(balanceQuery);
}
