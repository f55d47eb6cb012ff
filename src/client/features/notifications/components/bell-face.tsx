import { Bell } from 'lucide-react';

/** The badge shows '9+' above 9. */
export function formatUnreadCount(count: number): string {
  return count > 9 ? '9+' : String(count);
}

export const bellLabel = (count: number) =>
  count > 0 ? `Notificações (${count} não lidas)` : 'Notificações';

export const BELL_TRIGGER_CLASS =
  'relative rounded-lg p-2 text-muted transition-colors hover:bg-surface-2 hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60';

/** The bell and its unread badge: the same on the stand-in and on the popover's trigger. */
export function BellFace({ count }: { count: number }) {
  return (
    <>
      <Bell className="h-5 w-5" aria-hidden />
      {count > 0 ? (
        <span
          data-testid="unread-badge"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-[10px] leading-none font-bold text-white"
        >
          {formatUnreadCount(count)}
        </span>
      ) : null}
    </>
  );
}
