import { ImageOff, Play } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/cn';

/**
 * A creative (image or video) filling its box, with the administrator's fallback 'Imagem indisponível'
 * when it cannot be shown. `controls` plays videos inline (previews); without it a video shows a play mark.
 */
export function CreativePreview({
  src,
  type,
  alt,
  controls = false,
  fit = 'cover',
  className,
}: {
  src: string;
  type: 'image' | 'video';
  alt: string;
  controls?: boolean;
  fit?: 'cover' | 'contain';
  className?: string;
}) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const media = cn('h-full w-full', fit === 'cover' ? 'object-cover' : 'object-contain');

  if (brokenSrc === src) {
    return (
      <div
        className={cn(
          'flex h-full w-full flex-col items-center justify-center gap-2 bg-surface-2 text-muted',
          className,
        )}
      >
        <ImageOff aria-hidden className="h-7 w-7 opacity-60" />
        <span className="text-sm">Imagem indisponível</span>
      </div>
    );
  }

  if (type === 'video') {
    return (
      <div className={cn('relative h-full w-full bg-black', className)}>
        <video
          src={src}
          controls={controls}
          muted={!controls}
          playsInline
          preload="metadata"
          aria-label={alt}
          onError={() => setBrokenSrc(src)}
          className={media}
        />
        {controls ? null : (
          <span className="pointer-events-none absolute inset-0 flex items-center justify-center">
            <span className="flex h-11 w-11 items-center justify-center rounded-full bg-black/60 ring-1 ring-white/30">
              <Play aria-hidden className="ml-0.5 h-5 w-5 fill-white text-white" />
              <span className="sr-only">Criativo em vídeo</span>
            </span>
          </span>
        )}
      </div>
    );
  }

  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setBrokenSrc(src)}
      className={cn(media, 'bg-black/40', className)}
    />
  );
}
