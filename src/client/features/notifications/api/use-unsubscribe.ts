import { useMutation, useQuery } from '@tanstack/react-query';
import type { MessageBody } from '../../../../shared/schemas/common';
import type { UnsubscribeInfo } from '../../../../shared/schemas/notifications';
import { api } from '../../../lib/api-client';

const path = (token: string) => `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;

/** GET: what the e-mail's link stops (reads only; the page asks before doing it). Signed out is fine. */
export function useUnsubscribeInfo(token: string) {
  return useQuery({
    queryKey: ['notifications', 'unsubscribe', token] as const,
    queryFn: () => api.get<UnsubscribeInfo>(path(token)),
    retry: false,
  });
}

/** POST: that kind's e-mails off. */
export function useUnsubscribe(token: string) {
  return useMutation({ mutationFn: () => api.post<MessageBody>(path(token)) });
}
