import { SearchX } from 'lucide-react';
import { Button } from '../../../components/ui/button';
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
  // The cards wait for the banner above them (both are asked for at once): no jump when it arrives last.
  const bannerPending = useActiveBanner().isPending;

  return (
    <div className="space-y-5">
      <ActiveBanner />
      <OfferFilters {...offerFilters} />
      <OfferGrid
        query={query}
        pending={bannerPending}
        onLoadMore={loadMore}
        empty={<NoOffers filtered={hasFilters} onClear={clearFilters} />}
      />
    </div>
  );
}
