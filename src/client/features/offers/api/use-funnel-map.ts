import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FunnelMap, FunnelMapStarted } from '../../../../shared/schemas/funnel';
import { BALANCE_QUERY_KEY } from '../../../components/balance/use-balance';
import { ApiError, api, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

/** Kept apart from the ['offers'] keys, which hold offer cards only (offer-cache.ts patches them). */
export const funnelMapKey = (offerId: string) => ['funnel-map', offerId] as const;

const path = (offerId: string) => `/api/offers/${encodeURIComponent(offerId)}/funnel-map`;

/** How often the map is read again while its pictures are taken, or while another member's map runs. */
export const FUNNEL_MAP_POLL_MS = 3_000;

/**
 * How long the screen waits for another member's map after a 202 (a scan takes about a minute): past it the other
 * map failed or was lost, and the screen stops waiting, says so and gives the button back.
 */
export const FUNNEL_MAP_WAIT_MS = 3 * 60_000;

/**
 * GET /api/offers/:id/funnel-map: the offer's latest map, null when nobody mapped it yet (404). Read again every few
 * seconds while its pictures are still being taken, or while `waiting` (another member's map of it runs).
 */
export function useFunnelMap(offerId: string, waiting = false) {
  return useQuery({
    queryKey: funnelMapKey(offerId),
    queryFn: async () => {
      try {
        return await api.get<FunnelMap>(path(offerId));
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    refetchInterval: (query) =>
      waiting || query.state.data?.screenshotsPending ? FUNNEL_MAP_POLL_MS : false,
  });
}

/**
 * POST /api/offers/:id/funnel-map: maps the offer's funnel (a paid scan of its site, free for the administrator) and
 * shows it; 202 means another member's map of it is running: `onWaiting` starts reading it until it is there.
 */
export function useMapFunnel(offerId: string, onWaiting: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<FunnelMap | FunnelMapStarted>(path(offerId)),
    onSuccess: (answer) => {
      if ('funnel' in answer) {
        queryClient.setQueryData(funnelMapKey(offerId), answer);
        toast.success('Funil mapeado', { description: 'O mapa fica nesta oferta para todos os membros.' });
      } else {
        toast(answer.message);
        onWaiting();
      }
    },
    onError: (err) => toast.error(errorMessage(err, 'Não foi possível mapear o funil. Tente novamente.')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY }),
  });
}
