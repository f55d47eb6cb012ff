/** Query keys of the member's notifications (list and unread count refresh together). */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
};

/** The list and the unread count are polled every 30 s. */
export const NOTIFICATIONS_POLL_MS = 30_000;
