import { useState } from 'react';
import { imageSrcSet } from '../../shared/image-variants';

/**
 * The sources of a stored creative (shared/image-variants.ts): its resized copies (`srcSet`) until one fails to
 * load, then the original alone, then `broken`. Starts over when `src` changes. A video or any URL that is not a
 * stored image has no copies, so its first failure is `broken`.
 */
export function useStoredImage(src: string) {
  const [failed, setFailed] = useState<{ src: string; broken: boolean } | null>(null);
  const failure = failed?.src === src ? failed : null;
  const srcSet = failure ? undefined : imageSrcSet(src);
  return {
    srcSet,
    broken: failure?.broken ?? false,
    /** The element's onError: the copies failed, so the original next; the original failed, so broken. */
    fail: () => setFailed({ src, broken: !srcSet }),
  };
}
