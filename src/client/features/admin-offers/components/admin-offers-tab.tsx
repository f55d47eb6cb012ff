import { ArrowLeft, PackageOpen, Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AdminOfferCard as AdminOffer } from '../../../../shared/schemas/offers';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadMore } from '../../../components/ui/load-more';
import { Select } from '../../../components/ui/select';
import { errorMessage } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format';
import type { AdminOfferSort } from '../api/keys';
import { useAdminOffers } from '../api/use-admin-offers';
import { useDeleteOffer } from '../api/use-delete-offer';
import { useToggleOfferVisibility } from '../api/use-toggle-offer-visibility';
import { AdminOfferCard } from './admin-offer-card';
import { CardGridSkeleton, EmptyState } from './card-parts';

const SORT_LABELS: Record<AdminOfferSort, string> = {
  default: 'Padrão',
  'most-inactive': 'Mais inativas',
  'most-active': 'Mais ativas',
};

export const adminEditOfferPath = (id: string) => `/admin/editar-oferta/${encodeURIComponent(id)}`;

/** The admin's 'Ofertas Escaladas' tab: every offer (hidden ones too), edit, hide/show, delete. */
export default function AdminOffersTab() {
  const navigate = useNavigate();
  const [sort, setSort] = useState<AdminOfferSort>('default');
  const offers = useAdminOffers(sort);
  const toggle = useToggleOfferVisibility();
  const remove = useDeleteOffer();
  const [toDelete, setToDelete] = useState<AdminOffer | null>(null);
  const items = offers.data?.pages.flatMap((page) => page.items) ?? [];
  const total = offers.data?.pages[0]?.total;

  return (
    <section className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex items-center gap-2">
          <h2 className="text-lg font-semibold">Ofertas Escaladas</h2>
          {total !== undefined ? <Badge variant="primary">{formatCount(total)}</Badge> : null}
        </div>
        <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
          <div className="flex flex-1 items-center gap-2 text-sm text-muted sm:flex-none">
            <label htmlFor="admin-offers-sort" className="shrink-0">
              Ordenar
            </label>
            <Select
              id="admin-offers-sort"
              aria-label="Ordenar ofertas"
              value={sort}
              onChange={(event) => setSort(event.target.value as AdminOfferSort)}
              className="min-w-40"
            >
              {Object.entries(SORT_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </div>
          <Button variant="secondary" onClick={() => navigate('/dashboard')}>
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Voltar às Ofertas
          </Button>
          <Button onClick={() => navigate('/nova-oferta')}>
            <Plus className="h-4 w-4" aria-hidden />
            ADICIONAR
          </Button>
        </div>
      </div>

      {offers.isPending ? (
        <CardGridSkeleton />
      ) : offers.isError ? (
        <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-4 text-sm text-red-200">
          Não foi possível carregar as ofertas. {errorMessage(offers.error, '')}
        </p>
      ) : items.length === 0 ? (
        <EmptyState icon={<PackageOpen className="h-6 w-6" aria-hidden />}>
          Nenhuma oferta encontrada
        </EmptyState>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
            {items.map((offer, index) => (
              <AdminOfferCard
                key={offer.id}
                offer={offer}
                first={index === 0}
                onEdit={() => navigate(adminEditOfferPath(offer.id))}
                onToggle={() => toggle.mutate(offer.id)}
                toggling={toggle.isPending && toggle.variables === offer.id}
                onDelete={() => setToDelete(offer)}
              />
            ))}
          </div>
          <LoadMore query={offers} what="ofertas" />
        </>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title="Excluir oferta"
        description={`Tem certeza que deseja excluir a oferta "${toDelete?.productTitle ?? ''}"? Ela sai do catálogo e esta ação não pode ser desfeita.`}
        confirmLabel="Excluir"
        pending={remove.isPending}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
        }}
      />
    </section>
  );
}
