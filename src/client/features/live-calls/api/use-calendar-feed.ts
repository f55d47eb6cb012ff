import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '../../../../shared/schemas/live-calls';
import { api, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { calendarFeedKey } from './keys';

/**
 * GET /api/user/calendar-feed: the member's feed (made at the first ask: only when shown). Its address comes only in
 * the answer that makes it (the server keeps a hash), so that answer is kept while the page lives instead of being
 * asked again (a second ask answers `url: null`).
 */
export function useCalendarFeed(enabled: boolean) {
  return useQuery({
    queryKey: calendarFeedKey,
    queryFn: () => api.get<CalendarFeed>('/api/user/calendar-feed'),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /api/user/calendar-feed/reset: a new address; the old one stops working. */
export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeed>('/api/user/calendar-feed/reset'),
    onSuccess: (feed) => {
      queryClient.setQueryData(calendarFeedKey, feed);
      toast.success('Novo endereço gerado', { description: 'O endereço anterior parou de funcionar.' });
    },
    onError: (error) =>
      toast.error('Erro ao gerar novo endereço', { description: errorMessage(error, 'Tente novamente.') }),
  });
}

/** The .ics of one dated call (a download). */
export const callCalendarFileUrl = (id: string) => `/api/live-calls/${encodeURIComponent(id)}.ics`;

/** The same feed for the calendar apps' own subscription handler (webcal://). */
export const webcalUrl = (url: string) => url.replace(/^https?:\/\//, 'webcal://');
