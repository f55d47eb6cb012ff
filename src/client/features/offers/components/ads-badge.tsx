import { Flame, Megaphone } from 'lucide-react';
import { deferred } from '../../../components/ui/deferred';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/format';
import { ADS_TIER_STYLES, adsTier } from '../ads-tier';
import { LEGEND_TRIGGER_CLASS, LegendFace } from './ads-legend-face';

/** The number of active ads in its tier colour (blue < 50, yellow 50-99, orange 100-199, red 200+). */
export function AdsBadge({ ads, className }: { ads: number; className?: string }) {
  const tier = adsTier(ads);
  const Icon = tier === 3 ? Flame : Megaphone;
  return (
    <span
      data-testid="ads-badge"
      data-tier={tier}
      title={ADS_TIER_STYLES[tier].label}
      className={cn(
        'inline-flex items-center gap-1 rounded-md border px-1.5 py-0.5 text-sm font-semibold tabular-nums',
        ADS_TIER_STYLES[tier].className,
        className,
      )}
    >
      <Icon aria-hidden className="h-3.5 w-3.5" />
      {formatCount(ads)}
    </span>
  );
}

/** A small 'i' button explaining the ads colours; its popover (Radix) loads after the first paint. */
export const AdsLegend = deferred(
  () => import('./ads-legend-popover').then((m) => m.AdsLegendPopover),
  function AdsLegendStandIn({ standIn }) {
    return (
      <button {...standIn} className={LEGEND_TRIGGER_CLASS}>
        <LegendFace />
      </button>
    );
  },
  'dialog',
);

/** The card's ads tile: label and number on the tier colour. */
export function AdsTile({ ads }: { ads: number }) {
  const tier = adsTier(ads);
  return (
    <div
      data-testid="ads-badge"
      data-tier={tier}
      title={ADS_TIER_STYLES[tier].label}
      className={cn('min-w-fit flex-auto rounded-lg border px-2 py-1.5', ADS_TIER_STYLES[tier].className)}
    >
      <dt className="text-[11px] tracking-wide uppercase opacity-80">Anúncios</dt>
      <dd className="mt-0.5 text-sm font-semibold whitespace-nowrap tabular-nums">{formatCount(ads)}</dd>
    </div>
  );
}
