import { ThumbsUp } from 'lucide-react';
import type { MouseEvent } from 'react';
import type { OfferCard } from '../../../../shared/schemas/offers';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/format';
import { useToggleLike } from '../api/use-toggle-like';

type LikeButtonProps = {
  offer: Pick<OfferCard, 'id' | 'likedByMe' | 'likeCount'>;
  size?: 'sm' | 'md';
};

/** Like toggle with the count; the change shows at once and is rolled back if the server refuses it. */
export function LikeButton({ offer, size = 'sm' }: LikeButtonProps) {
  const like = useToggleLike();
  const onClick = (event: MouseEvent) => {
    event.stopPropagation();
    if (!like.isPending) like.mutate(offer);
  };
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={offer.likedByMe}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-lg border font-medium tabular-nums transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60',
        size === 'sm' ? 'h-8 px-2.5 text-sm' : 'h-10 px-4 text-sm',
        offer.likedByMe
          ? 'border-primary/40 bg-primary/15 text-green-300 hover:bg-primary/25'
          : 'border-border bg-surface-2 text-muted hover:text-foreground',
      )}
    >
      <ThumbsUp aria-hidden className={cn('h-4 w-4', offer.likedByMe && 'fill-current')} />
      {/* The name carries the visible count (WCAG 2.5.3): 'Curtir oferta 12'. */}
      <span className="sr-only">{offer.likedByMe ? 'Descurtir oferta ' : 'Curtir oferta '}</span>
      <span data-testid="like-count">{formatCount(offer.likeCount)}</span>
      {size === 'md' ? <span>{offer.likedByMe ? 'Curtido' : 'Curtir'}</span> : null}
    </button>
  );
}
