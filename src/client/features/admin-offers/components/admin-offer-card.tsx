import { CalendarDays, Eye, EyeOff, Pencil, ThumbsDown, ThumbsUp, Trash2 } from 'lucide-react';
import { type AdminOfferCard as AdminOffer, nicheLabel } from '../../../../shared/schemas/offers';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatCount, formatDate, formatRoas, formatTicket } from '../../../lib/format';
import { CardCreative, Chip, Metric } from './card-parts';

/** One offer in the admin's 'Ofertas Escaladas' tab. */
export function AdminOfferCard({
  offer,
  onEdit,
  onToggle,
  onDelete,
  toggling,
  first = false,
}: {
  offer: AdminOffer;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
  toggling: boolean;
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
        <Badge
          variant={offer.visible ? 'primary' : 'default'}
          className="absolute top-3 left-3 backdrop-blur"
        >
          {offer.visible ? (
            <Eye className="h-3 w-3" aria-hidden />
          ) : (
            <EyeOff className="h-3 w-3" aria-hidden />
          )}
          {offer.visible ? 'Visível' : 'Oculta'}
        </Badge>
      </CardCreative>

      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="min-w-0">
          <h3 className="line-clamp-2 font-semibold leading-snug">{offer.productTitle}</h3>
          <p className="mt-0.5 truncate text-sm text-muted">{offer.advertiser}</p>
        </div>

        <div className="flex flex-wrap gap-1.5">
          <Chip>{nicheLabel(offer.niche)}</Chip>
          <Chip>{offer.format}</Chip>
          <Chip>{offer.language}</Chip>
        </div>

        <dl className="grid grid-cols-3 gap-1.5">
          <Metric label="ROAS">{formatRoas(offer.roas)}</Metric>
          <Metric label="Anúncios">{formatCount(offer.ads)}</Metric>
          <Metric label="Ticket">{formatTicket(offer.ticket)}</Metric>
        </dl>

        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
          <span
            className="inline-flex items-center gap-1 text-green-300"
            title="Membros que reportaram a oferta como ativa"
          >
            <ThumbsUp className="h-3.5 w-3.5" aria-hidden />
            {formatCount(offer.statusReports.ativo)} ativa
          </span>
          <span
            className="inline-flex items-center gap-1 text-red-300"
            title="Membros que reportaram a oferta como inativa"
          >
            <ThumbsDown className="h-3.5 w-3.5" aria-hidden />
            {formatCount(offer.statusReports.inativo)} inativa
          </span>
          <span className="ml-auto inline-flex items-center gap-1 text-muted">
            <CalendarDays className="h-3.5 w-3.5" aria-hidden />
            {formatDate(offer.createdAt)}
          </span>
        </div>

        <div className="mt-auto grid grid-cols-3 gap-2 border-t border-border pt-3">
          <Button variant="secondary" size="sm" onClick={onEdit}>
            <Pencil className="h-3.5 w-3.5" aria-hidden />
            Editar
          </Button>
          <Button variant="secondary" size="sm" onClick={onToggle} disabled={toggling}>
            {toggling ? (
              <Spinner className="h-3.5 w-3.5" />
            ) : offer.visible ? (
              <EyeOff className="h-3.5 w-3.5" aria-hidden />
            ) : (
              <Eye className="h-3.5 w-3.5" aria-hidden />
            )}
            {offer.visible ? 'Ocultar' : 'Mostrar'}
          </Button>
          <Button variant="ghost" size="sm" onClick={onDelete} className="text-red-400 hover:text-red-300">
            <Trash2 className="h-3.5 w-3.5" aria-hidden />
            Excluir
          </Button>
        </div>
      </div>
    </article>
  );
}
