import { ImageOff, Play } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useStoredImage } from '../../lib/use-stored-image';

/**
 * A creative (image or video) filling its box, with the administrator's fallback 'Imagem indisponível'
 * when it cannot be shown. `controls` plays videos inline (previews); without it a video shows a play mark.
 * With `sizes`, a stored image is served from its resized copies (`srcset`), and falls back to the original if a
 * copy fails; `priority` loads it at once, at high priority (the first card: the largest paint).
 */
export function CreativePreview({
  src,
  type,
  alt,
  controls = false,
  fit = 'cover',
  sizes,
  priority = false,
  className,
}: {
  src: string;
  type: 'image' | 'video';
  alt: string;
  controls?: boolean;
  fit?: 'cover' | 'contain';
  sizes?: string;
  priority?: boolean;
  className?: string;
}) {
  const image = useStoredImage(src);
  const media = cn('h-full w-full', fit === 'cover' ? 'object-cover' : 'object-contain');
  // The resized copies only where the caller says how wide the image is drawn.
  const srcSet = sizes ? image.srcSet : undefined;

  if (image.broken) {
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
          onError={image.fail}
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
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
      onError={image.fail}
      className={cn(media, 'bg-black/40', className)}
    />
  );
}
