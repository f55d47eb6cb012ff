import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Balance } from '../../../shared/schemas/profile';
import { api } from '../../lib/api-client';

/** TanStack Query key of the member's balance; invalidate it after anything that moves money. */
export const BALANCE_QUERY_KEY = ['user', 'balance'] as const;

/** GET /api/user/balance: the balance (reais) and the club's PIX top-up mode, in one cached answer. */
export const balanceQuery = queryOptions({
  queryKey: BALANCE_QUERY_KEY,
  queryFn: () => api.get<Balance>('/api/user/balance'),
});

const pickBalance = (answer: Balance) => answer.balance;
const pickTopUp = (answer: Balance) => answer.pixTopUp;

/** The member's balance in reais (`data` is a number, e.g. 51.5). */
export function useBalance() {
  return useQuery({ ...balanceQuery, select: pickBalance });
}

/**
 * How this club takes PIX top-ups ('sandbox', 'woovi' or 'off'), from the same answer as the balance; `data` is
 * undefined while it loads. With 'off' the screens send the member to the support instead of the PIX modal.
 */
export function usePixTopUp() {
  return useQuery({ ...balanceQuery, select: pickTopUp });
}
