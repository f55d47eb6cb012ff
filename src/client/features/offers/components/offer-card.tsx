import { Calendar } from 'lucide-react';
import { lazy, type MouseEvent, type ReactNode, Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import { nicheLabel } from '../../../../shared/offer-constants';
import type { OfferCard as Offer } from '../../../../shared/schemas/offers';
import { cn } from '../../../lib/cn';
import { formatDay, formatRoas, formatTicket } from '../../../lib/format';
import { useIdleAfterLoad } from '../../../lib/idle-after-load';
import { AdsTile } from './ads-badge';
import { FavoriteButton } from './favorite-button';
import { LikeButton } from './like-button';
import { MomentumBadge } from './momentum-badge';
import { type CreativeLoad, OfferCreative } from './offer-creative';
import { StatusBadge } from './status-badge';

const CardSparkline = lazy(() => import('./card-sparkline'));

/** The last 30 days' counts as a line beside the momentum, once the page has loaded (its code is not in the first load). */
function Sparkline({ spark }: { spark: readonly (number | null)[] }) {
  const ready = useIdleAfterLoad();
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <CardSparkline spark={spark} />
    </Suspense>
  );
}

export const offerDetailPath = (id: string) => `/detalhes-oferta/${encodeURIComponent(id)}`;

function Chip({ children, warn }: { children: string; warn?: boolean }) {
  return (
    <span
      className={cn(
        'truncate rounded-md border px-2 py-0.5 text-xs',
        warn
          ? 'border-orange-400/40 bg-orange-500/20 text-orange-200'
          : 'border-border bg-surface-2 text-zinc-300',
      )}
    >
      {children}
    </span>
  );
}

function Metric({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-fit flex-auto rounded-lg border border-transparent bg-surface-2/70 px-2 py-1.5">
      <dt className="text-[11px] tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm font-semibold whitespace-nowrap tabular-nums">{children}</dd>
    </div>
  );
}

/** First seen – last seen: the first and the latest day of the offer's ad-count history. */
export function SeenDates({ firstSeen, lastSeen }: { firstSeen: string; lastSeen: string }) {
  return (
    <p
      className="inline-flex items-center gap-1.5 text-xs text-muted tabular-nums"
      title="Primeira vez vista – última contagem"
    >
      <Calendar aria-hidden className="h-3.5 w-3.5 shrink-0" />
      <span className="sr-only">Vista de </span>
      <time dateTime={firstSeen}>{formatDay(firstSeen)}</time>
      <span aria-hidden>–</span>
      <span className="sr-only"> a </span>
      <time dateTime={lastSeen}>{formatDay(lastSeen)}</time>
    </p>
  );
}

/**
 * One catalogue card. A click opens /detalhes-oferta/{id}; a right-click opens it in a new tab;
 * the title is the keyboard-reachable link.
 */
export function OfferCard({
  offer,
  load = 'lazy',
}: {
  offer: Offer;
  /** When its image loads (offer-creative.tsx): 'priority' in the grid's first row, then 'after-first-row'. */
  load?: CreativeLoad;
}) {
  const navigate = useNavigate();
  const path = offerDetailPath(offer.id);

  const onClick = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a, button')) return;
    if (event.metaKey || event.ctrlKey) window.open(path, '_blank', 'noopener');
    else navigate(path);
  };
  const onContextMenu = (event: MouseEvent) => {
    event.preventDefault();
    window.open(path, '_blank', 'noopener');
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the title link inside is the keyboard route to the same page.
    <article
      data-scroll-anchor={offer.id}
      onClick={onClick}
      onContextMenu={onContextMenu}
      className={cn(
        'group flex cursor-pointer flex-col overflow-hidden rounded-xl border border-border bg-surface shadow-lg shadow-black/20 transition-all hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-primary/5',
        // Cards off screen skip style, layout and paint until scrolled near (a phone's first render lays out one
        // card, not 24); the browser remembers each card's real height once seen.
        load !== 'priority' && '[contain-intrinsic-size:auto_560px] [content-visibility:auto]',
      )}
    >
      <div className="relative aspect-square overflow-hidden bg-surface-2">
        <OfferCreative
          creative={offer.creative}
          creativeType={offer.creativeType}
          alt={offer.productTitle}
          variant="card"
          load={load}
        />
        <StatusBadge status={offer.status} className="absolute top-3 left-3" />
        <FavoriteButton offer={offer} className="absolute top-2.5 right-2.5" />
        <div className="absolute inset-x-3 bottom-3 flex items-end justify-between gap-2">
          <MomentumBadge momentum={offer.momentum} growth7d={offer.growth7d} />
          <span className="rounded-full border border-white/10 bg-black/70 px-1.5 py-0.5 text-emerald-200 backdrop-blur empty:hidden">
            <Sparkline spark={offer.spark} />
          </span>
        </div>
      </div>

      <div className="flex flex-1 flex-col gap-3 p-4">
        <h2 className="line-clamp-2 font-semibold leading-snug">
          <Link
            to={path}
            className="hover:text-primary focus-visible:text-primary focus-visible:outline-none"
          >
            {offer.productTitle}
          </Link>
        </h2>
        <p className="-mt-2.5 truncate text-sm text-muted">{offer.advertiser}</p>

        <div className="flex flex-wrap gap-1.5">
          <Chip>{nicheLabel(offer.niche)}</Chip>
          <Chip>{offer.format}</Chip>
          <Chip>{offer.language}</Chip>
          {offer.membersSayInactive && <Chip warn>Membros dizem: inativa</Chip>}
        </div>

        <dl className="flex gap-1.5">
          <AdsTile ads={offer.ads} />
          <Metric label="ROAS">{formatRoas(offer.roas)}</Metric>
          <Metric label="Ticket">{formatTicket(offer.ticket)}</Metric>
        </dl>

        <div className="mt-auto flex items-center justify-between gap-2 border-t border-border pt-3">
          <SeenDates firstSeen={offer.firstSeen} lastSeen={offer.lastSeen} />
          <LikeButton offer={offer} />
        </div>
      </div>
    </article>
  );
}

export function OfferCardSkeleton() {
  return (
    <div aria-hidden className="overflow-hidden rounded-xl border border-border bg-surface">
      <div className="aspect-square animate-pulse bg-surface-2" />
      <div className="space-y-3 p-4">
        <div className="h-4 w-4/5 animate-pulse rounded bg-surface-2" />
        <div className="h-3 w-1/2 animate-pulse rounded bg-surface-2" />
        <div className="flex gap-1.5">
          <div className="h-5 w-16 animate-pulse rounded bg-surface-2" />
          <div className="h-5 w-12 animate-pulse rounded bg-surface-2" />
          <div className="h-5 w-16 animate-pulse rounded bg-surface-2" />
        </div>
        <div className="grid grid-cols-3 gap-2">
          <div className="h-12 animate-pulse rounded-lg bg-surface-2" />
          <div className="h-12 animate-pulse rounded-lg bg-surface-2" />
          <div className="h-12 animate-pulse rounded-lg bg-surface-2" />
        </div>
      </div>
    </div>
  );
}
