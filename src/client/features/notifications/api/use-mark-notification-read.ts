import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageBody } from '../../../../shared/schemas/common';
import type { MemberNotification } from '../../../../shared/schemas/notifications';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** PATCH /api/notifications/:id/read. Marks it read in the cache at once, then refreshes. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.patch<MessageBody>(`/api/notifications/${encodeURIComponent(id)}/read`),
    onMutate: (id) => {
      queryClient.setQueryData<MemberNotification[]>(notificationKeys.list, (list) =>
        list?.map((n) => (n.id === id ? { ...n, isRead: true } : n)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
