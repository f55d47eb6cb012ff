import { deferred } from '../../../components/ui/deferred';
import { useIdleAfterLoad } from '../../../lib/idle-after-load';
import { useUnreadCount } from '../api/use-unread-count';
import { BELL_TRIGGER_CLASS, BellFace, bellLabel } from './bell-face';

/** The header's bell: its popover (Radix, the list) loads after the first paint (components/ui/deferred.tsx). */
export const NotificationBell = deferred(
  () => import('./notification-popover').then((m) => m.NotificationPopover),
  function BellStandIn({ standIn }) {
    // The count is asked for when the page has loaded, like the popover's code (issue #13): on a phone it would
    // take one of the six connections the first card's image and data need.
    const count = useUnreadCount(useIdleAfterLoad()).data?.count ?? 0;
    return (
      <button {...standIn} aria-label={bellLabel(count)} className={BELL_TRIGGER_CLASS}>
        <BellFace count={count} />
      </button>
    );
  },
  'dialog',
);
