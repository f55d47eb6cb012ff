import { ArrowRight, Check, Clock, Inbox, RefreshCw, X } from 'lucide-react';
import { forwardRef, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import {
  APPROVAL_POINTS,
  MY_SUBMISSIONS_LIMIT,
  type UserOfferState,
} from '../../../../shared/offer-constants';
import type { MyUserOffer } from '../../../../shared/schemas/offers';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useMyUserOffers } from '../api/use-my-user-offers';

/** How many submissions show before 'Ver todas'. */
export const MY_SUBMISSIONS_PREVIEW = 5;
const offerPath = (offerId: string) => `/detalhes-oferta/${encodeURIComponent(offerId)}`;

const STATE_BADGES: Record<
  UserOfferState,
  { label: string; variant: BadgeProps['variant']; icon: ReactNode }
> = {
  pendente: { label: 'Em análise', variant: 'warning', icon: <Clock className="h-3 w-3" aria-hidden /> },
  aprovada: { label: 'Aprovada', variant: 'primary', icon: <Check className="h-3 w-3" aria-hidden /> },
  recusada: { label: 'Recusada', variant: 'danger', icon: <X className="h-3 w-3" aria-hidden /> },
};

function StateBadge({ state }: { state: UserOfferState }) {
  const badge = STATE_BADGES[state];
  return (
    <Badge variant={badge.variant}>
      {badge.icon}
      {badge.label}
    </Badge>
  );
}

/** What became of the submission, in words, under its title. */
function Outcome({ item }: { item: MyUserOffer }) {
  if (item.state === 'pendente') {
    return <p className="text-sm text-zinc-300">Aguardando a revisão de um administrador.</p>;
  }
  if (item.state === 'aprovada') {
    return (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <p className="text-zinc-300">
          No catálogo de Ofertas Escaladas. Você ganhou {APPROVAL_POINTS} pontos.
        </p>
        {item.offerId ? (
          <Link
            to={offerPath(item.offerId)}
            className="inline-flex items-center gap-1 font-medium text-primary hover:text-green-300"
          >
            Ver no catálogo
            <ArrowRight className="h-3.5 w-3.5" aria-hidden />
          </Link>
        ) : (
          <p className="text-muted">A oferta foi removida do catálogo depois.</p>
        )}
      </div>
    );
  }
  return item.reason ? (
    <p className="rounded-lg border border-danger/30 bg-danger/10 px-3 py-2 text-sm break-words whitespace-pre-line text-red-100">
      <span className="font-semibold">Motivo: </span>
      {item.reason}
    </p>
  ) : (
    <p className="text-sm text-zinc-300">O administrador não informou um motivo.</p>
  );
}

function SubmissionItem({ item }: { item: MyUserOffer }) {
  const decided = item.state === 'aprovada' ? 'Aprovada' : 'Recusada';
  return (
    <li className="space-y-2 rounded-lg border border-border bg-surface-2/50 p-3 sm:p-4">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 font-semibold leading-snug break-words">{item.productTitle}</h3>
        <StateBadge state={item.state} />
      </div>
      <p className="text-xs text-muted">
        Enviada em {formatDate(item.createdAt)}
        {item.decidedAt ? ` · ${decided} em ${formatDate(item.decidedAt)}` : null}
      </p>
      <Outcome item={item} />
    </li>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Carregando suas ofertas" className="space-y-2">
      {[0, 1].map((key) => (
        <div key={key} className="h-20 animate-pulse rounded-lg bg-surface-2/60" />
      ))}
    </div>
  );
}

/**
 * 'Minhas ofertas' in the Subir Oferta tab: the member's submissions, newest first, each with its state ('Em
 * análise', 'Aprovada', 'Recusada'), the refusal's reason, its dates and, once approved, a link to the offer in
 * the catalogue. The heading takes focus after a submit (the new submission is at the top).
 */
export const MySubmissions = forwardRef<HTMLHeadingElement>(function MySubmissions(_props, headingRef) {
  const query = useMyUserOffers();
  const [showAll, setShowAll] = useState(false);
  const items = query.data ?? [];
  const shown = showAll ? items : items.slice(0, MY_SUBMISSIONS_PREVIEW);

  return (
    <Card aria-labelledby="minhas-ofertas-title" role="region" className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2
          id="minhas-ofertas-title"
          ref={headingRef}
          tabIndex={-1}
          className="scroll-mt-4 text-lg font-semibold focus:outline-none"
        >
          Minhas ofertas
        </h2>
        {query.data && items.length > 0 ? <Badge>{items.length}</Badge> : null}
      </div>

      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError ? (
        <div role="alert" className="space-y-3 rounded-lg border border-danger/40 bg-danger/10 p-4 text-sm">
          <p className="text-red-200">
            Não foi possível carregar suas ofertas. {errorMessage(query.error, '')}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            <RefreshCw className="h-3.5 w-3.5" aria-hidden />
            Tentar de novo
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="flex items-center gap-3 rounded-lg border border-dashed border-border p-4 text-sm text-zinc-300">
          <Inbox className="h-5 w-5 shrink-0 text-muted" aria-hidden />
          <p>
            Você ainda não enviou nenhuma oferta. Quando enviar, ela aparece aqui com o andamento da revisão.
          </p>
        </div>
      ) : (
        <>
          <ul className="space-y-2">
            {shown.map((item) => (
              <SubmissionItem key={item.id} item={item} />
            ))}
          </ul>
          {items.length > MY_SUBMISSIONS_PREVIEW ? (
            <Button variant="ghost" size="sm" onClick={() => setShowAll((all) => !all)}>
              {showAll ? 'Mostrar só as mais recentes' : `Ver todas (${items.length})`}
            </Button>
          ) : null}
          {showAll && items.length >= MY_SUBMISSIONS_LIMIT ? (
            <p className="text-xs text-muted">
              Mostrando as {MY_SUBMISSIONS_LIMIT} ofertas enviadas mais recentes.
            </p>
          ) : null}
        </>
      )}
    </Card>
  );
});
