import { type ReactNode, useDeferredValue, useEffect } from 'react';
import type { OfferCard as Offer } from '../../../../shared/schemas/offers';
import { LoadError } from '../../../components/ui/load-error';
import { LoadMore } from '../../../components/ui/load-more';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { firstImagesCommitted } from '../../../lib/first-images';
import { formatCount } from '../../../lib/format';
import type { OfferPagesQuery } from '../hooks/use-load-to-page';
import { AdsLegend } from './ads-badge';
import { OfferCard, OfferCardSkeleton } from './offer-card';

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** How many cards GRID puts in its first row at the current width (Tailwind's sm, lg and xl). */
export function firstRowSize(): number {
  if (typeof window === 'undefined' || !window.matchMedia) return 1;
  if (window.matchMedia('(min-width: 80rem)').matches) return 4;
  if (window.matchMedia('(min-width: 64rem)').matches) return 3;
  if (window.matchMedia('(min-width: 40rem)').matches) return 2;
  return 1;
}

/** Cards of every loaded page; an offer that moved between pages while paging is shown once. */
function loadedOffers(query: OfferPagesQuery): Offer[] {
  const seen = new Set<string>();
  const offers: Offer[] = [];
  for (const page of query.data?.pages ?? []) {
    for (const offer of page.items) {
      if (seen.has(offer.id)) continue;
      seen.add(offer.id);
      offers.push(offer);
    }
  }
  return offers;
}

/**
 * The cards. The first paint renders the first two rows only; the rest follow at once in a render React can
 * interrupt (useDeferredValue's initial value), so a phone's main thread is not blocked by 24 cards before it
 * can paint the first (issue #13: total blocking time and LCP).
 */
function Cards({ offers, firstRow }: { offers: Offer[]; firstRow: number }) {
  const shown = useDeferredValue(offers.length, Math.min(offers.length, firstRow * 2));
  return offers.slice(0, Math.max(shown, Math.min(offers.length, firstRow * 2))).map((offer, index) => (
    // The first row is what a phone or a desktop shows first (LCP): eager, high priority; the others' images wait
    // until it is on screen (lib/first-images.ts).
    <OfferCard key={offer.id} offer={offer} load={index < firstRow ? 'priority' : 'after-first-row'} />
  ));
}

export function offerCountLabel(total: number) {
  return total === 1 ? '1 oferta' : `${formatCount(total)} ofertas`;
}

/** The paged card grid shared by the catalogue and the favourites: skeletons, errors, empty state, 'Carregar mais'. */
export function OfferGrid({
  query,
  onLoadMore,
  empty,
}: {
  query: OfferPagesQuery;
  onLoadMore: () => void;
  empty: ReactNode;
}) {
  const loading = query.isPending;
  // Cards, an empty list or an error are on screen: the other images may load once the first row's have
  // (the first row's images registered in their layout effects, which run before this one).
  useEffect(() => {
    if (!loading) firstImagesCommitted();
  }, [loading]);
  if (loading) {
    return (
      <div role="status" aria-label="Carregando ofertas" className={GRID}>
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders.
          <OfferCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <LoadError
        message="Não foi possível carregar as ofertas."
        error={query.error}
        onRetry={() => query.refetch()}
      />
    );
  }

  const offers = loadedOffers(query);
  const pages = query.data?.pages ?? [];
  const total = pages.length ? pages[pages.length - 1].total : 0;
  if (offers.length === 0) return <>{empty}</>;
  const firstRow = firstRowSize();

  return (
    <section aria-label="Ofertas" className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-muted" aria-live="polite">
          <span className="font-semibold text-foreground">{offerCountLabel(total)}</span>
          {query.isPlaceholderData ? <Spinner className="ml-2 inline h-3.5 w-3.5 text-primary" /> : null}
        </p>
        <AdsLegend />
      </div>
      <div className={cn(GRID, query.isPlaceholderData && 'opacity-60 transition-opacity')}>
        <Cards offers={offers} firstRow={firstRow} />
      </div>
      <LoadMore query={query} what="ofertas" shown={offers.length} total={total} onLoadMore={onLoadMore} />
    </section>
  );
}
