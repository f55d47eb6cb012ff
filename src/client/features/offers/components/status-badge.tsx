import { OFFER_STATUS_LABELS, type OfferStatus } from '../../../../shared/offer-constants';
import { cn } from '../../../lib/cn';

/** Yellow 'Validando', orange 'Pré-Escala', green 'Escalando'. */
const STATUS_STYLES: Record<OfferStatus, string> = {
  validando: 'border-yellow-400/40 bg-yellow-500/20 text-yellow-200',
  'pre-escala': 'border-orange-400/40 bg-orange-500/20 text-orange-200',
  escalando: 'border-green-400/40 bg-green-500/20 text-green-200',
};

export function StatusBadge({ status, className }: { status: OfferStatus; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap backdrop-blur before:h-1.5 before:w-1.5 before:rounded-full before:bg-current before:content-['']",
        STATUS_STYLES[status],
        className,
      )}
    >
      {OFFER_STATUS_LABELS[status]}
    </span>
  );
}
