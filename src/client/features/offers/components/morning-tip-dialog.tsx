import { buttonClass } from '../../../components/ui/button';
import { deferred } from '../../../components/ui/deferred';
import { TipFace } from './morning-tip-face';

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
