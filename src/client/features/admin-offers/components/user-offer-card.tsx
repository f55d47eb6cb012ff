import { CalendarDays, Check, Clock, ExternalLink, Pencil, X } from 'lucide-react';
import { nicheLabel, OFFER_STATUS_LABELS, type UserOffer } from '../../../../shared/schemas/offers';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatCount, formatDate, formatRoas, formatTicket } from '../../../lib/format';
import { AuthorAvatar } from './author-avatar';
import { CardCreative, Chip, Metric } from './card-parts';

const isWebLink = (link: string) => /^https?:\/\//i.test(link);

function OfferLink({ href, label }: { href: string; label: string }) {
  if (!isWebLink(href)) {
    return (
      <span className="inline-flex items-center justify-center rounded-md border border-dashed border-border px-2 py-1 text-xs text-zinc-400">
        {label}: —
      </span>
    );
  }
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center justify-center gap-1 rounded-md border border-border bg-surface-2 px-2 py-1 text-xs text-zinc-200 transition-colors hover:border-primary/50 hover:text-primary"
    >
      {label}
      <ExternalLink className="h-3 w-3" aria-hidden />
    </a>
  );
}

/** One pending submission in the admin's 'Ofertas Usuários' tab. */
export function UserOfferCard({
  offer,
  onEdit,
  onApprove,
  onReject,
  approving,
  busy,
  first = false,
}: {
  offer: UserOffer;
  onEdit: () => void;
  onApprove: () => void;
  onReject: () => void;
  approving: boolean;
  busy: boolean;
  /** The grid's first card (its image loads at once). */
  first?: boolean;
}) {
  return (
    <article
      aria-label={offer.productTitle}
      className="flex flex-col overflow-hidden rounded-xl border border-border bg-surface shadow-lg shadow-black/20"
    >
      <CardCreative
        creative={offer.creative}
        type={offer.creativeType}
        alt={offer.productTitle}
        priority={first}
      >
        <Badge variant="warning" className="absolute top-3 left-3 backdrop-blur">
          <Clock className="h-3 w-3" aria-hidden />
          Pendente
        </Badge>
      </CardCreative>

      <div className="flex flex-1 flex-col gap-3 p-4">
        <h3 className="line-clamp-2 font-semibold leading-snug">{offer.productTitle}</h3>

        <div className="flex items-center gap-2 rounded-lg bg-surface-2/70 p-2">
          <AuthorAvatar name={offer.author.name} avatar={offer.author.avatar} />
          <div className="min-w-0 text-xs">
            <p className="truncate font-medium text-sm">{offer.author.name}</p>
            <p className="text-muted">ID {offer.author.uniqueId}</p>
          </div>
        </div>

        {offer.advertiser || offer.adText ? (
          <div className="space-y-1 text-sm">
            {offer.advertiser ? (
              <p className="break-words">
                <span className="text-muted">Anunciante: </span>
                {offer.advertiser}
              </p>
            ) : null}
            {offer.adText ? (
              <p className="line-clamp-3 text-xs break-words whitespace-pre-line text-zinc-300">
                <span className="text-muted">Texto do anúncio: </span>
                {offer.adText}
              </p>
            ) : null}
          </div>
        ) : null}

        <div className="flex flex-wrap gap-1.5">
          <Chip>{OFFER_STATUS_LABELS[offer.status]}</Chip>
          <Chip>{nicheLabel(offer.niche, 'submission')}</Chip>
          <Chip>{offer.format}</Chip>
          <Chip>{offer.language}</Chip>
        </div>

        <dl className="grid grid-cols-3 gap-1.5">
          <Metric label="ROAS">{formatRoas(offer.roas)}</Metric>
          <Metric label="Anúncios">{formatCount(offer.ads)}</Metric>
          <Metric label="Ticket">{formatTicket(offer.ticket)}</Metric>
        </dl>

        <div className="grid grid-cols-2 gap-1.5">
          <OfferLink href={offer.creativeLink} label="Criativo" />
          <OfferLink href={offer.advertiserLink} label="Anunciante" />
          <OfferLink href={offer.libraryLink} label="Biblioteca" />
          <OfferLink href={offer.siteLink} label="Site" />
        </div>

        <p className="inline-flex items-center gap-1 text-xs text-muted">
          <CalendarDays className="h-3.5 w-3.5" aria-hidden />
          Enviada em {formatDate(offer.createdAt)}
        </p>

        <div className="mt-auto grid grid-cols-3 gap-2 border-t border-border pt-3">
          <Button variant="secondary" size="sm" onClick={onEdit} disabled={busy}>
            <Pencil className="h-3.5 w-3.5" aria-hidden />
            Editar
          </Button>
          <Button size="sm" onClick={onApprove} disabled={busy}>
            {approving ? <Spinner className="h-3.5 w-3.5" /> : <Check className="h-3.5 w-3.5" aria-hidden />}
            Aprovar
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={onReject}
            disabled={busy}
            className="text-red-400 hover:text-red-300"
          >
            <X className="h-3.5 w-3.5" aria-hidden />
            Recusar
          </Button>
        </div>
      </div>
    </article>
  );
}
