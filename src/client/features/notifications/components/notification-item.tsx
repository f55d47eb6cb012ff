import {
  ArrowRight,
  AtSign,
  Bell,
  CalendarClock,
  ClipboardCheck,
  Heart,
  type LucideIcon,
  MessageCircle,
  Reply,
  Trash2,
  TrendingUp,
} from 'lucide-react';
import { Link } from 'react-router';
import type { MemberNotification, NotificationKind } from '../../../../shared/schemas/notifications';
import { Linkify } from '../../../components/ui/linkify';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';

/** The small picture beside a notice's title: what it is about. */
const KIND_ICONS: Record<NotificationKind, LucideIcon> = {
  comment: MessageCircle,
  reply: Reply,
  mention: AtSign,
  like: Heart,
  'offer-review': ClipboardCheck,
  'offer-scaling': TrendingUp,
  'call-reminder': CalendarClock,
  admin: Bell,
};

export function NotificationItem({
  notification,
  onRead,
  onDelete,
  deleting,
  onOpenLink,
}: {
  notification: MemberNotification;
  onRead: (id: string) => void;
  onDelete: (id: string) => void;
  deleting: boolean;
  /** Called when the member follows the notice's link (the popover closes). */
  onOpenLink?: () => void;
}) {
  const unread = !notification.isRead;
  const KindIcon = KIND_ICONS[notification.kind] ?? Bell;
  const markRead = () => {
    if (unread) onRead(notification.id);
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users mark it read through the title button.
    <li
      data-kind={notification.kind}
      onClick={markRead}
      className={cn(
        'relative flex gap-3 px-4 py-3 transition-colors',
        unread ? 'cursor-pointer bg-primary/10 hover:bg-primary/15' : 'hover:bg-surface-2/60',
      )}
    >
      {unread ? (
        <span aria-hidden className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-primary" />
      ) : (
        <span aria-hidden className="h-2 w-2 shrink-0" />
      )}
      <div className="min-w-0 flex-1 space-y-1">
        <button
          type="button"
          onClick={(event) => {
            event.stopPropagation();
            markRead();
          }}
          aria-label={unread ? `${notification.title} (não lida, marcar como lida)` : notification.title}
          className={cn(
            'flex w-full items-start gap-1.5 text-left text-sm break-words',
            unread ? 'font-semibold' : 'font-medium',
          )}
        >
          <KindIcon aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-muted" />
          <span className="min-w-0">{notification.title}</span>
        </button>
        <p className="text-sm break-words whitespace-pre-line text-zinc-300">
          <Linkify text={notification.description} />
        </p>
        {notification.link ? (
          <Link
            to={notification.link}
            onClick={(event) => {
              event.stopPropagation();
              markRead();
              onOpenLink?.();
            }}
            className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:text-green-300"
          >
            Abrir
            <ArrowRight className="h-3.5 w-3.5" aria-hidden />
          </Link>
        ) : null}
        <p className="text-xs text-muted">{formatDateTime(notification.createdAt)}</p>
      </div>
      <button
        type="button"
        aria-label="Remover notificação"
        disabled={deleting}
        onClick={(event) => {
          event.stopPropagation();
          onDelete(notification.id);
        }}
        className="h-8 w-8 shrink-0 rounded-md p-2 text-muted transition-colors hover:bg-danger/15 hover:text-red-400 disabled:opacity-50"
      >
        <Trash2 className="h-4 w-4" aria-hidden />
      </button>
    </li>
  );
}
