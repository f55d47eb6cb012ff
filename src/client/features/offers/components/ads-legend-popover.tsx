import { useId } from 'react';
import type { DeferredOpenProps } from '../../../components/ui/deferred';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import { cn } from '../../../lib/cn';
import { ADS_TIER_STYLES } from '../ads-tier';
import { LEGEND_TRIGGER_CLASS, LegendFace } from './ads-legend-face';

/** The ads legend's popover (ads-badge.tsx renders its stand-in until it has loaded). */
export function AdsLegendPopover({ defaultOpen }: DeferredOpenProps) {
  const titleId = useId();
  return (
    <Popover defaultOpen={defaultOpen}>
      <PopoverTrigger className={LEGEND_TRIGGER_CLASS}>
        <LegendFace />
      </PopoverTrigger>
      <PopoverContent className="w-64 p-4" aria-labelledby={titleId}>
        <p id={titleId} className="mb-1 text-sm font-semibold">
          Anúncios ativos
        </p>
        <p className="mb-3 text-xs text-muted">Quanto mais anúncios rodando, mais a oferta está escalando.</p>
        <ul className="space-y-2">
          {ADS_TIER_STYLES.map((style) => (
            <li key={style.label} className="flex items-center gap-2 text-sm">
              <span className={cn('h-3 w-3 shrink-0 rounded-full border', style.className)} />
              {style.label}
            </li>
          ))}
        </ul>
      </PopoverContent>
    </Popover>
  );
}
