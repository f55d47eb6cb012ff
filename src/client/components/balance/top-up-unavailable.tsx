import { LifeBuoy } from 'lucide-react';
import { SUPPORT_PATH } from '../../../shared/club';
import { cn } from '../../lib/cn';

export const TOP_UP_UNAVAILABLE =
  'A recarga de saldo por PIX não está disponível neste clube. Para adicionar saldo, fale com o suporte.';

/**
 * What the screens show instead of 'Adicionar Saldo' when the club takes no PIX top-up (PIX_PROVIDER=off): why,
 * and the club's support link (a full page load to /suporte, like every support link).
 */
export function TopUpUnavailable({ className }: { className?: string }) {
  return (
    <div
      className={cn(
        'space-y-2 rounded-lg border border-border bg-background px-3 py-2.5 text-sm text-zinc-300',
        className,
      )}
    >
      <p>{TOP_UP_UNAVAILABLE}</p>
      <a
        href={SUPPORT_PATH}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60 rounded"
      >
        <LifeBuoy aria-hidden className="h-4 w-4" />
        Falar com o suporte
      </a>
    </div>
  );
}
