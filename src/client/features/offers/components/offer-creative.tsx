import { ImageOff, Play } from 'lucide-react';
import { useState } from 'react';
import type { OfferCard } from '../../../../shared/schemas/offers';
import { cn } from '../../../lib/cn';

type CreativeProps = Pick<OfferCard, 'creative' | 'creativeType'> & {
  alt: string;
  /** 'card': square thumbnail, lazy, muted video with a play icon. 'detail': large, video with controls. */
  variant: 'card' | 'detail';
};

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
export function OfferCreative({ creative, creativeType, alt, variant }: CreativeProps) {
  const [broken, setBroken] = useState(false);
  if (!creative || broken) return <Unavailable variant={variant} />;

  if (creativeType === 'video') {
    if (variant === 'detail') {
      return (
        // biome-ignore lint/a11y/useMediaCaption: ad creatives are uploaded without captions.
        <video
          src={creative}
          controls
          playsInline
          preload="metadata"
          onError={() => setBroken(true)}
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
          onError={() => setBroken(true)}
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

  return (
    <img
      src={creative}
      alt={alt}
      loading={variant === 'card' ? 'lazy' : 'eager'}
      decoding="async"
      onError={() => setBroken(true)}
      className={
        variant === 'card' ? 'h-full w-full object-cover' : 'max-h-[70vh] w-full bg-black/40 object-contain'
      }
    />
  );
}
