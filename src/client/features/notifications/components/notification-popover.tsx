import { useId, useState } from 'react';
import type { DeferredOpenProps } from '../../../components/ui/deferred';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import { Spinner } from '../../../components/ui/spinner';
import { useClearNotifications } from '../api/use-clear-notifications';
import { useDeleteNotification } from '../api/use-delete-notification';
import { useMarkNotificationRead } from '../api/use-mark-notification-read';
import { useNotifications } from '../api/use-notifications';
import { useUnreadCount } from '../api/use-unread-count';
import { BELL_TRIGGER_CLASS, BellFace, bellLabel } from './bell-face';
import { NotificationItem } from './notification-item';

/** The bell's popover (loaded after the first paint: notification-bell.tsx renders its stand-in until then). */
export function NotificationPopover({ defaultOpen }: DeferredOpenProps) {
  const { data: unread } = useUnreadCount();
  const { data: notifications, isPending, isError } = useNotifications();
  const markRead = useMarkNotificationRead();
  const remove = useDeleteNotification();
  const clearAll = useClearNotifications();
  const count = unread?.count ?? 0;
  const titleId = useId();
  const [open, setOpen] = useState(Boolean(defaultOpen));

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger aria-label={bellLabel(count)} className={BELL_TRIGGER_CLASS}>
        <BellFace count={count} />
      </PopoverTrigger>
      <PopoverContent className="flex w-96 flex-col overflow-hidden" aria-labelledby={titleId}>
        <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
          <h2 id={titleId} className="font-semibold">
            Notificações
          </h2>
          {notifications && notifications.length > 0 ? (
            <button
              type="button"
              disabled={clearAll.isPending}
              onClick={() => clearAll.mutate()}
              className="text-xs font-medium text-primary hover:text-green-300 disabled:opacity-50"
            >
              Limpar todas
            </button>
          ) : null}
        </div>
        <div className="max-h-[60dvh] overflow-y-auto">
          {isPending ? (
            <div className="flex justify-center p-6">
              <Spinner className="h-5 w-5 text-primary" />
            </div>
          ) : isError ? (
            <p className="p-6 text-center text-sm text-muted">Não foi possível carregar as notificações.</p>
          ) : notifications.length === 0 ? (
            <p className="p-6 text-center text-sm text-muted">Nenhuma notificação</p>
          ) : (
            <ul className="divide-y divide-border">
              {notifications.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  onRead={(id) => markRead.mutate(id)}
                  onDelete={(id) => remove.mutate(id)}
                  deleting={remove.isPending && remove.variables === notification.id}
                  onOpenLink={() => setOpen(false)}
                />
              ))}
            </ul>
          )}
        </div>
      </PopoverContent>
    </Popover>
  );
}
