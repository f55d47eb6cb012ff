import { ArrowLeft, CalendarDays } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { nicheLabel } from '../../../../shared/offer-constants';
import type { OfferDetail } from '../../../../shared/schemas/offers';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatRoas, formatTicket } from '../../../lib/format';
import { useOffer } from '../api/use-offer';
import { AdHistoryChart } from './ad-history-chart';
import { AdsBadge } from './ads-badge';
import { FavoriteButton } from './favorite-button';
import { LikeButton } from './like-button';
import { OfferCreative } from './offer-creative';
import { OfferLinks } from './offer-links';
import { OfferNotFound } from './offer-not-found';
import { PublisherBox } from './publisher-box';
import { ReportStatusDialog } from './report-status-dialog';
import { StatusBadge } from './status-badge';

// Below the fold, with its own code (the map's cards, shared with the slug checker): loaded after the detail.
const OfferFunnel = lazy(() => import('./offer-funnel').then((m) => ({ default: m.OfferFunnel })));

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-xl border border-border bg-surface px-3 py-2.5">
      <dt className="text-xs tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-1 truncate font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

function DetailBody({ offer }: { offer: OfferDetail }) {
  return (
    // Phones: creative, facts, publisher. Wide screens: creative and publisher on the left, facts on the right.
    <div className="grid gap-6 lg:grid-cols-2 lg:grid-rows-[auto_1fr] lg:items-start">
      <div className="group relative overflow-hidden rounded-xl border border-border bg-surface-2 lg:col-start-1 lg:row-start-1">
        <OfferCreative
          creative={offer.creative}
          creativeType={offer.creativeType}
          alt={offer.productTitle}
          load="priority"
          variant="detail"
        />
      </div>

      <div className="min-w-0 space-y-5 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <div className="space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={offer.status} />
            <span className="inline-flex items-center gap-1.5 text-sm text-muted">
              <CalendarDays aria-hidden className="h-4 w-4" />
              {formatDate(offer.createdAt)}
            </span>
          </div>
          <h1 className="text-2xl font-bold leading-tight break-words sm:text-3xl">{offer.productTitle}</h1>
          <p className="text-muted">{offer.advertiser}</p>
        </div>

        <div className="flex flex-wrap gap-2">
          <LikeButton offer={offer} size="md" />
          <FavoriteButton offer={offer} variant="md" />
          <ReportStatusDialog offer={offer} />
        </div>

        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Fact label="ROAS">{formatRoas(offer.roas)}</Fact>
          <Fact label="Anúncios">
            <AdsBadge ads={offer.ads} />
          </Fact>
          <Fact label="Ticket">{formatTicket(offer.ticket)}</Fact>
          <Fact label="Idioma">{offer.language}</Fact>
          <Fact label="Nicho">{nicheLabel(offer.niche)}</Fact>
          <Fact label="Formato">{offer.format}</Fact>
        </dl>

        <AdHistoryChart offerId={offer.id} />

        <section className="rounded-xl border border-border bg-surface p-4">
          <h2 className="mb-2 text-sm font-semibold">Texto do anúncio</h2>
          {offer.adText.trim() ? (
            <p className="text-sm leading-relaxed whitespace-pre-wrap break-words text-zinc-300">
              {offer.adText}
            </p>
          ) : (
            <p className="text-sm text-muted">Sem texto do anúncio.</p>
          )}
        </section>

        <OfferLinks links={offer.links} />
      </div>

      <div className="lg:col-start-1 lg:row-start-2">
        <PublisherBox offer={offer} />
      </div>

      <div className="min-w-0 lg:col-span-2 lg:row-start-3">
        <Suspense
          fallback={
            <div aria-hidden className="h-40 animate-pulse rounded-xl border border-border bg-surface" />
          }
        >
          <OfferFunnel offer={offer} />
        </Suspense>
      </div>
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div role="status" aria-label="Carregando oferta" className="grid gap-6 lg:grid-cols-2">
      <div className="aspect-square animate-pulse rounded-xl bg-surface" />
      <div className="space-y-4">
        <div className="h-5 w-28 animate-pulse rounded-full bg-surface" />
        <div className="h-8 w-4/5 animate-pulse rounded bg-surface" />
        <div className="h-4 w-1/3 animate-pulse rounded bg-surface" />
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {['a', 'b', 'c', 'd', 'e', 'f'].map((k) => (
            <div key={k} className="h-16 animate-pulse rounded-xl bg-surface" />
          ))}
        </div>
        <div className="h-32 animate-pulse rounded-xl bg-surface" />
      </div>
    </div>
  );
}

/** /detalhes-oferta/{id}: the full offer, its links, like, favourite and the status vote. */
export function OfferDetailScreen({ id }: { id: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const query = useOffer(id);

  // 404: missing or hidden; 400: an id that cannot exist. Both are 'not found' for the member.
  if (query.error instanceof ApiError && [400, 404].includes(query.error.status)) return <OfferNotFound />;

  // Opened in a new tab (right-click on a card) there is no page to go back to: go to the catalogue.
  const goBack = () => (location.key === 'default' ? navigate('/dashboard') : navigate(-1));

  return (
    <div className="min-h-dvh bg-background">
      <header className="sticky top-0 z-20 border-b border-border bg-background/90 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3 md:px-6">
          <Button variant="ghost" size="sm" onClick={goBack}>
            <ArrowLeft aria-hidden className="h-4 w-4" />
            Voltar
          </Button>
          <span className="truncate text-sm text-muted">Detalhes da oferta</span>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6 md:px-6 md:py-8">
        {query.data ? (
          <DetailBody offer={query.data} />
        ) : query.isError ? (
          <LoadError
            message="Não foi possível carregar a oferta."
            error={query.error}
            onRetry={() => query.refetch()}
          />
        ) : (
          <DetailSkeleton />
        )}
      </main>
    </div>
  );
}
