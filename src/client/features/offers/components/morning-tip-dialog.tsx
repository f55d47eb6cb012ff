import { Lightbulb } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';
import { deferred } from '../../../components/ui/deferred';

export function TipFace() {
  return (
    <>
      <Lightbulb aria-hidden className="h-4 w-4 text-yellow-300" />
      <span className="hidden sm:inline">Dica</span>
    </>
  );
}

/**
 * The tip of the scaled-offers tab: mine offers in the morning. The dialog (Radix) loads after the first paint
 * (components/ui/deferred.tsx).
 */
export const MorningTipDialog = deferred(
  () => import('./morning-tip-modal').then((m) => m.MorningTipModal),
  function MorningTipStandIn({ standIn }) {
    return (
      <button
        {...standIn}
        aria-label="Dica: minere ofertas pela manhã"
        className={buttonClass({ variant: 'outline', className: 'shrink-0 px-3' })}
      >
        <TipFace />
      </button>
    );
  },
  'dialog',
);
