import { ImageOff, Play } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { CARD_IMAGE_SIZES } from '../../../../shared/image-variants';
import type { OfferCard } from '../../../../shared/schemas/offers';
import { cn } from '../../../lib/cn';
import { holdForFirstImage, useFirstImagesShown } from '../../../lib/first-images';
import { useStoredImage } from '../../../lib/use-stored-image';

type CreativeProps = Pick<OfferCard, 'creative' | 'creativeType'> & {
  alt: string;
  /** 'card': square thumbnail, lazy, muted video with a play icon. 'detail': large, video with controls. */
  variant: 'card' | 'detail';
  /**
   * When the image loads. 'priority': above the fold (the grid's first row, the detail page), at once and at high
   * priority (LCP); the grid's first-row images hold the 'after-first-row' ones (lib/first-images.ts).
   * 'after-first-row': a grid card below the first row, requested only once the first row's images are on screen.
   * 'lazy' (default): when scrolled near.
   */
  load?: CreativeLoad;
};
export type CreativeLoad = 'priority' | 'after-first-row' | 'lazy';

/** Rendered width of the image per breakpoint (the card grid's columns; the detail page's column). */
const SIZES = {
  card: CARD_IMAGE_SIZES,
  detail: '(min-width: 1024px) 50vw, 100vw',
} as const;

function Unavailable({ variant }: { variant: CreativeProps['variant'] }) {
  return (
    <div
      className={cn(
        'flex h-full w-full flex-col items-center justify-center gap-2 bg-surface-2 text-muted',
        variant === 'detail' && 'aspect-square max-h-[70vh]',
      )}
    >
      <ImageOff aria-hidden className="h-8 w-8 opacity-60" />
      <span className="text-sm">Imagem não disponível</span>
    </div>
  );
}

/** The offer's creative: image or video, with 'Imagem não disponível' when missing or broken. */
export function OfferCreative({ creative, creativeType, alt, variant, load = 'lazy' }: CreativeProps) {
  const priority = load === 'priority';
  const image = useStoredImage(creative ?? '');
  const firstShown = useFirstImagesShown();
  const release = useRef<(() => void) | null>(null);
  const holds = variant === 'card' && priority && !!creative && creativeType !== 'video';
  useLayoutEffect(() => {
    if (!holds) return;
    const done = holdForFirstImage();
    release.current = done;
    return done;
  }, [holds]);
  const settle = () => release.current?.();

  if (!creative || image.broken) return <Unavailable variant={variant} />;
  // Its box (the card's square) stays empty until the first row is on screen.
  if (load === 'after-first-row' && !firstShown) return null;

  if (creativeType === 'video') {
    if (variant === 'detail') {
      return (
        // biome-ignore lint/a11y/useMediaCaption: ad creatives are uploaded without captions.
        <video
          src={creative}
          controls
          playsInline
          preload="metadata"
          onError={image.fail}
          className="max-h-[70vh] w-full bg-black object-contain"
        />
      );
    }
    return (
      <>
        <video
          src={creative}
          muted
          playsInline
          preload="metadata"
          onError={image.fail}
          className="h-full w-full object-cover"
        />
        <span
          data-testid="video-indicator"
          className="pointer-events-none absolute inset-0 flex items-center justify-center"
        >
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-black/60 ring-1 ring-white/30 backdrop-blur transition-transform group-hover:scale-110">
            <Play aria-hidden className="ml-0.5 h-5 w-5 fill-white text-white" />
            <span className="sr-only">Criativo em vídeo</span>
          </span>
        </span>
      </>
    );
  }

  const { srcSet } = image;
  const eager = priority || variant === 'detail';
  return (
    <img
      src={creative}
      srcSet={srcSet}
      sizes={srcSet ? SIZES[variant] : undefined}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={eager ? undefined : 'async'}
      // A missing resized copy falls back to the original; only a broken original is 'não disponível'.
      onLoad={settle}
      onError={() => {
        settle();
        image.fail();
      }}
      className={
        variant === 'card' ? 'h-full w-full object-cover' : 'max-h-[70vh] w-full bg-black/40 object-contain'
      }
    />
  );
}
