import { useQuery } from '@tanstack/react-query';
import type { MyUserOffer } from '../../../../shared/schemas/offers';
import { api } from '../../../lib/api-client';
import { MY_SUBMISSIONS_POLL_MS, userOfferKeys } from './keys';

/**
 * GET /api/user-offers/mine: the member's submissions, newest first, with the review's outcome. Asked again
 * every minute while one is still 'pendente', so an approval or refusal shows without a reload.
 */
export function useMyUserOffers() {
  return useQuery({
    queryKey: userOfferKeys.mine,
    queryFn: () => api.get<MyUserOffer[]>('/api/user-offers/mine'),
    refetchInterval: (query) =>
      query.state.data?.some((item) => item.state === 'pendente') ? MY_SUBMISSIONS_POLL_MS : false,
  });
}
