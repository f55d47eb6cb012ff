import { OFFER_MOMENTUM_LABELS, type OfferMomentum } from '../../../../shared/offer-constants';
import type { Growth7d } from '../../../../shared/schemas/offers';
import { cn } from '../../../lib/cn';
import { formatSignedCount } from '../../../lib/format';

const STYLES: Record<OfferMomentum, string> = {
  escalando: 'border-emerald-300/50 bg-emerald-950/85 text-emerald-100',
  estavel: 'border-zinc-400/40 bg-zinc-900/85 text-zinc-100',
  esfriando: 'border-sky-300/50 bg-sky-950/85 text-sky-100',
  novo: 'border-violet-300/50 bg-violet-950/85 text-violet-100',
};
/** A glyph beside the word (text, not an icon file: this badge is in the dashboard's first load). */
const GLYPHS: Record<OfferMomentum, string> = { escalando: '↗', estavel: '→', esfriando: '↘', novo: '✦' };

/** The 7-day change, signed: '+45%', '−30%', or '+12 anúncios' when there was no count to compare with. */
export function growthText(growth: Growth7d | null): string | null {
  if (!growth) return null;
  if (growth.percent === null) return `${formatSignedCount(growth.ads)} anúncios`;
  return `${formatSignedCount(Math.round(growth.percent))}%`;
}

/** The offer's momentum over the last 7 days (computed by the server from its ad-count history). */
export function MomentumBadge({
  momentum,
  growth7d,
  className,
}: {
  momentum: OfferMomentum;
  growth7d: Growth7d | null;
  className?: string;
}) {
  const growth = growthText(growth7d);
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap backdrop-blur',
        STYLES[momentum],
        className,
      )}
    >
      <span aria-hidden>{GLYPHS[momentum]}</span>
      <span className="sr-only">Tendência: </span>
      {OFFER_MOMENTUM_LABELS[momentum]}
      {growth ? (
        <span className="font-normal tabular-nums">
          {growth}
          <span className="sr-only"> em 7 dias</span>
        </span>
      ) : null}
    </span>
  );
}
