import { ADS_TIERS } from '../../../shared/offer-constants';

/**
 * Colour tiers by active ads (thresholds 50/100/200), a heat scale: the more ads an offer
 * runs, the more it is scaling. Index 0 = under 50 ... 3 = 200 or more.
 */
export const ADS_TIER_STYLES = [
  { label: 'Menos de 50 anúncios', className: 'border-sky-500/30 bg-sky-500/15 text-sky-300' },
  { label: '50 a 99 anúncios', className: 'border-yellow-500/30 bg-yellow-500/15 text-yellow-300' },
  { label: '100 a 199 anúncios', className: 'border-orange-500/30 bg-orange-500/15 text-orange-300' },
  { label: '200 anúncios ou mais', className: 'border-red-500/40 bg-red-500/15 text-red-300' },
] as const;

export function adsTier(ads: number): 0 | 1 | 2 | 3 {
  const [mid, high, top] = ADS_TIERS;
  if (ads >= top) return 3;
  if (ads >= high) return 2;
  if (ads >= mid) return 1;
  return 0;
}
