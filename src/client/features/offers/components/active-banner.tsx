import { useState } from 'react';
import { imageSrcSet } from '../../../../shared/image-variants';
import { useFirstImagesShown } from '../../../lib/first-images';
import { useActiveBanner } from '../api/use-active-banner';
import { firstRowSize } from './offer-grid';

/** The banner spans the content column: the page less its padding (the sidebar, when open, only narrows it). */
const BANNER_SIZES = '(min-width: 768px) calc(100vw - 3rem), calc(100vw - 2rem)';

const BOX =
  'aspect-[1920/328] max-h-[300px] w-full rounded-xl border border-border sm:aspect-auto sm:h-[200px]';

/** The administrator's promotional banner (200 px high, at most 300); nothing when there is none. */
export function ActiveBanner() {
  const { data } = useActiveBanner();
  const [broken, setBroken] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<string | null>(null);
  // With one card per row (a phone) the first card's image, not the banner, is the largest paint (read at mount).
  const [phone] = useState(() => firstRowSize() === 1);
  const firstShown = useFirstImagesShown();
  const banner = data?.banner;
  if (!banner || broken === banner.imageUrl) return null;

  // On a phone the banner is a thin strip above the first card, whose image is the screen's largest paint: the
  // banner's image waits until that one is on screen (lib/first-images.ts), in a box of its final size.
  const image =
    phone && !firstShown ? (
      <div
        data-testid="banner-placeholder"
        role="img"
        aria-label="Banner promocional"
        className={`${BOX} animate-pulse bg-surface-2`}
      />
    ) : (
      <img
        src={banner.imageUrl}
        // A stored banner has resized WebP copies: a phone downloads ~1/3 of the original PNG or JPEG.
        srcSet={imageSrcSet(banner.imageUrl)}
        sizes={BANNER_SIZES}
        alt="Banner promocional"
        decoding="async"
        // Wider than a phone, the banner is the largest thing on the first screen.
        fetchPriority={phone ? undefined : 'high'}
        onLoad={() => setLoaded(banner.imageUrl)}
        onError={() => setBroken(banner.imageUrl)}
        // Until its image arrives the box pulses in its final size: loading, not an empty frame.
        className={`${BOX} bg-surface-2 object-cover ${loaded === banner.imageUrl ? '' : 'animate-pulse'}`}
      />
    );
  const safeLink = banner.link && /^https?:\/\//i.test(banner.link) ? banner.link : null;
  if (!safeLink) return <div data-testid="active-banner">{image}</div>;
  return (
    <a
      data-testid="active-banner"
      href={safeLink}
      target="_blank"
      rel="noopener noreferrer"
      className="block rounded-xl transition-opacity hover:opacity-95 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60"
    >
      {image}
    </a>
  );
}
