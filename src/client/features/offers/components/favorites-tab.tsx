import { Compass, Heart } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { requestDashboardTab } from '../../../lib/dashboard-tab';
import { useFavoriteOffers } from '../api/use-offers';
import { useLoadToPage } from '../hooks/use-load-to-page';
import { OfferGrid } from './offer-grid';

/** Opens the catalogue tab of the dashboard this tab lives in ('/dashboard' when reached elsewhere). */
export function exploreOffers() {
  requestDashboardTab('ofertas-escaladas');
}

function NoFavorites() {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-border bg-surface/50 px-6 py-16 text-center">
      <span className="mb-4 flex h-16 w-16 items-center justify-center rounded-2xl bg-pink-500/10">
        <Heart aria-hidden className="h-8 w-8 text-pink-400" />
      </span>
      <h2 className="text-lg font-semibold">Nenhuma oferta favorita ainda</h2>
      <p className="mt-1 max-w-sm text-sm text-muted">
        Toque no coração de uma oferta para guardá-la aqui e encontrá-la depois com facilidade.
      </p>
      <Button className="mt-6" onClick={exploreOffers}>
        <Compass aria-hidden className="h-4 w-4" />
        Explorar Ofertas
      </Button>
    </div>
  );
}

/** Dashboard tab 'favoritos': the member's favourite offers, same cards as the catalogue. */
export default function FavoritesTab() {
  const query = useFavoriteOffers();
  const [page, setPage] = useState(1);
  const loadMore = useLoadToPage(query, page, setPage);
  return <OfferGrid query={query} onLoadMore={loadMore} empty={<NoFavorites />} />;
}
