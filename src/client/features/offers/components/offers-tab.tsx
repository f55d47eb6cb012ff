import { SearchX } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useActiveBanner } from '../api/use-active-banner';
import { useOffers } from '../api/use-offers';
import { useLoadToPage } from '../hooks/use-load-to-page';
import { useOfferFilters } from '../hooks/use-offer-filters';
import { ActiveBanner } from './active-banner';
import { OfferFilters } from './offer-filters';
import { OfferGrid } from './offer-grid';

function NoOffers({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-border bg-surface/50 px-6 py-16 text-center">
      <span className="mb-4 flex h-14 w-14 items-center justify-center rounded-2xl bg-surface-2">
        <SearchX aria-hidden className="h-7 w-7 text-muted" />
      </span>
      <h2 className="text-lg font-semibold">Nenhuma oferta encontrada</h2>
      <p className="mt-1 max-w-sm text-sm text-muted">
        {filtered
          ? 'Nenhuma oferta corresponde à busca e aos filtros escolhidos.'
          : 'Novas ofertas escaladas aparecem aqui assim que forem publicadas.'}
      </p>
      {filtered ? (
        <Button variant="secondary" className="mt-5" onClick={onClear}>
          Limpar filtros
        </Button>
      ) : null}
    </div>
  );
}

/** Dashboard tab 'ofertas-escaladas': banner, search, filters and the paged catalogue. */
export default function OffersTab() {
  const offerFilters = useOfferFilters();
  const { filters, page, hasFilters, clearFilters, setPage } = offerFilters;
  const query = useOffers(filters);
  const loadMore = useLoadToPage(query, page, setPage);
  // Nothing of the tab is painted before the banner above it is known (both come with the page's first data,
  // dashboard-first-load.ts): painted first, the filters and the cards' skeletons moved down when the banner
  // landed (a layout shift), and a club without a banner never shows a box for one.
  const bannerPending = useActiveBanner().isPending;
  if (bannerPending) {
    return (
      <div role="status" aria-label="Carregando ofertas" className="flex justify-center py-16">
        <Spinner className="h-6 w-6 text-primary" />
      </div>
    );
  }

  return (
    <div className="space-y-5">
      <ActiveBanner />
      <OfferFilters {...offerFilters} />
      <OfferGrid
        query={query}
        onLoadMore={loadMore}
        empty={<NoOffers filtered={hasFilters} onClear={clearFilters} />}
      />
    </div>
  );
}
