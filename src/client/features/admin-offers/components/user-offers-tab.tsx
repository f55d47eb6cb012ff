import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { UserOffer } from '../../../../shared/schemas/offers';
import { Badge } from '../../../components/ui/badge';
import { errorMessage } from '../../../lib/api-client';
import { useApproveUserOffer } from '../api/use-approve-user-offer';
import { usePendingUserOffers } from '../api/use-pending-user-offers';
import { useRejectUserOffer } from '../api/use-reject-user-offer';
import { CardGridSkeleton, EmptyState } from './card-parts';
import { RejectOfferDialog } from './reject-offer-dialog';
import { UserOfferCard } from './user-offer-card';

export { REJECT_CONFIRMATION } from './reject-offer-dialog';
export const adminEditUserOfferPath = (id: string) =>
  `/admin/editar-oferta-usuario/${encodeURIComponent(id)}`;

/** The admin's 'Ofertas Usuários' tab: members' pending submissions to approve, edit or refuse. */
export default function UserOffersTab() {
  const navigate = useNavigate();
  const pending = usePendingUserOffers();
  const approve = useApproveUserOffer();
  const reject = useRejectUserOffer();
  const [toReject, setToReject] = useState<UserOffer | null>(null);
  const acting = (id: string) =>
    (approve.isPending && approve.variables === id) || (reject.isPending && reject.variables?.id === id);

  return (
    <section className="space-y-5">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold">Ofertas Usuários</h2>
        {pending.data ? <Badge variant="warning">{pending.data.length}</Badge> : null}
        <p className="w-full text-sm text-muted">
          Ofertas enviadas pelos membros aguardando revisão. Aprovar: a oferta entra no catálogo de Ofertas
          Escaladas com o membro como autor e ele ganha 10 pontos, que aparecem no perfil dele (o ranking
          mensal conta só curtidas recebidas). Recusar: a oferta fica registrada como recusada, com o motivo
          que você escrever. Nos dois casos o membro recebe um aviso no sino e vê o resultado em Minhas
          ofertas.
        </p>
      </div>

      {pending.isPending ? (
        <CardGridSkeleton />
      ) : pending.isError ? (
        <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-4 text-sm text-red-200">
          Não foi possível carregar as ofertas dos usuários. {errorMessage(pending.error, '')}
        </p>
      ) : pending.data.length === 0 ? (
        <EmptyState icon={<Inbox className="h-6 w-6" aria-hidden />}>
          Nenhuma oferta pendente encontrada
        </EmptyState>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
          {pending.data.map((offer, index) => (
            <UserOfferCard
              key={offer.id}
              offer={offer}
              first={index === 0}
              onEdit={() => navigate(adminEditUserOfferPath(offer.id))}
              onApprove={() => approve.mutate(offer.id)}
              onReject={() => setToReject(offer)}
              approving={approve.isPending && approve.variables === offer.id}
              busy={acting(offer.id)}
            />
          ))}
        </div>
      )}

      <RejectOfferDialog
        key={toReject?.id ?? 'none'}
        offer={toReject}
        onClose={() => setToReject(null)}
        pending={reject.isPending}
        onConfirm={(reason) => {
          if (toReject) reject.mutate({ id: toReject.id, reason }, { onSettled: () => setToReject(null) });
        }}
      />
    </section>
  );
}
