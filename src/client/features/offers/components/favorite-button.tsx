import { Heart } from 'lucide-react';
import type { MouseEvent } from 'react';
import type { OfferCard } from '../../../../shared/schemas/offers';
import { cn } from '../../../lib/cn';
import { useAddFavorite } from '../api/use-add-favorite';
import { useRemoveFavorite } from '../api/use-remove-favorite';

type FavoriteButtonProps = {
  offer: Pick<OfferCard, 'id' | 'favoritedByMe'>;
  /** 'overlay': round button over the card's creative. 'md': labelled button on the detail page. */
  variant?: 'overlay' | 'md';
  className?: string;
};

/** Adds or removes the offer from the member's favourites (POST /api/favorites, DELETE /api/favorites/:id). */
export function FavoriteButton({ offer, variant = 'overlay', className }: FavoriteButtonProps) {
  const add = useAddFavorite();
  const remove = useRemoveFavorite();
  const pending = add.isPending || remove.isPending;
  const onClick = (event: MouseEvent) => {
    event.stopPropagation();
    if (pending) return;
    if (offer.favoritedByMe) remove.mutate(offer.id);
    else add.mutate(offer.id);
  };
  const label = offer.favoritedByMe ? 'Remover dos favoritos' : 'Adicionar aos favoritos';
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={offer.favoritedByMe}
      aria-label={variant === 'overlay' ? label : undefined}
      title={label}
      className={cn(
        'inline-flex items-center justify-center gap-2 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60',
        variant === 'overlay'
          ? 'h-9 w-9 rounded-full bg-black/55 ring-1 ring-white/15 backdrop-blur hover:bg-black/75'
          : 'h-10 rounded-lg border px-4 text-sm font-medium',
        variant === 'md' &&
          (offer.favoritedByMe
            ? 'border-pink-500/40 bg-pink-500/15 text-pink-300 hover:bg-pink-500/25'
            : 'border-border bg-surface-2 text-muted hover:text-foreground'),
        variant === 'overlay' && (offer.favoritedByMe ? 'text-pink-400' : 'text-white'),
        className,
      )}
    >
      <Heart aria-hidden className={cn('h-4 w-4', offer.favoritedByMe && 'fill-current')} />
      {/* Labelled variant: the visible word starts the name (WCAG 2.5.3), the action follows. */}
      {variant === 'md' ? (
        <>
          <span>{offer.favoritedByMe ? 'Favoritado' : 'Favoritar'}</span>
          <span className="sr-only">{`: ${label.toLowerCase()}`}</span>
        </>
      ) : null}
    </button>
  );
}
