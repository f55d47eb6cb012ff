import { MessageCircle } from 'lucide-react';
import { deferred } from '../../../components/ui/deferred';

export const SUPPORT_TRIGGER_CLASS =
  'fixed right-4 bottom-4 z-30 flex h-14 w-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg shadow-black/40 transition-transform hover:scale-105 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-primary/40';

/**
 * The floating help button (bottom-right): networking-group tutorial and the support chat. The menu (Radix) loads
 * after the first paint (components/ui/deferred.tsx).
 */
export const SupportButton = deferred(
  () => import('./support-menu').then((m) => m.SupportMenu),
  function SupportStandIn({ standIn }) {
    return (
      <button {...standIn} aria-label="Ajuda e suporte" className={SUPPORT_TRIGGER_CLASS}>
        <MessageCircle className="h-6 w-6" aria-hidden />
      </button>
    );
  },
  'menu',
);
