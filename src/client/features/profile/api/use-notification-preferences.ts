import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChannelPreference, PreferenceKind } from '../../../../shared/notification-kinds';
import type { NotificationPreferences } from '../../../../shared/schemas/notifications';
import { api } from '../../../lib/api-client';

export const notificationPreferencesKey = ['user', 'notification-preferences'] as const;
const PATH = '/api/user/notification-preferences';

/** GET /api/user/notification-preferences: every kind's e-mail and push choice. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationPreferencesKey,
    queryFn: () => api.get<NotificationPreferences>(PATH),
  });
}

/**
 * PUT one kind's choice. The screen shows it at once; a refusal puts the stored choices back (the server's answer
 * is always every kind as stored).
 */
export function useSaveNotificationPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, choice }: { kind: PreferenceKind; choice: ChannelPreference }) =>
      api.put<NotificationPreferences>(PATH, { [kind]: choice }),
    onMutate: async ({ kind, choice }) => {
      await queryClient.cancelQueries({ queryKey: notificationPreferencesKey });
      const before = queryClient.getQueryData<NotificationPreferences>(notificationPreferencesKey);
      if (before) queryClient.setQueryData(notificationPreferencesKey, { ...before, [kind]: choice });
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(notificationPreferencesKey, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferencesKey, saved),
  });
}
