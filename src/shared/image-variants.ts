/**
 * Resized copies of stored images. Every JPEG, PNG or WebP image the storage module keeps (uploads, imported
 * remote creatives and the demo art) gets WebP copies beside it, `<name>-w<width>.webp`, one per width below
 * (never enlarged: a small original's copies keep its size). Videos and GIFs have none. The client builds
 * `srcset` from a stored image's URL with `imageSrcSet`; any other URL gets none.
 */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 1280] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/**
 * The public folders of stored files, one per kind of owner (post images are members' community pictures, funnels
 * the screenshots of a competitor's funnel pages). The server's storage names and serves files under these only.
 */
export const STORAGE_FOLDERS = ['avatars', 'creatives', 'banners', 'posts', 'funnels'] as const;
export type StorageFolder = (typeof STORAGE_FOLDERS)[number];
/** `avatars|creatives|...`, for the regular expressions of stored names. */
export const STORAGE_FOLDER_PATTERN = STORAGE_FOLDERS.join('|');

const STORED_IMAGE = new RegExp(`^(.*\\/(?:${STORAGE_FOLDER_PATTERN})\\/[a-f0-9]{32})\\.(?:jpg|png|webp)$`);

/** The URL of one resized copy of a stored image, or undefined when the URL is not a stored image. */
export function imageVariantUrl(url: string, width: ImageVariantWidth): string | undefined {
  const match = STORED_IMAGE.exec(url);
  return match ? `${match[1]}-w${width}.webp` : undefined;
}

/** `srcset` for a stored image (every resized copy), or undefined when the URL is not a stored image. */
export function imageSrcSet(url: string): string | undefined {
  if (!STORED_IMAGE.test(url)) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((w) => `${imageVariantUrl(url, w)} ${w}w`).join(', ');
}

/** Rendered width of an offer card's image per breakpoint (the catalogue grid's columns): its `sizes`. */
export const CARD_IMAGE_SIZES =
  '(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

/** Rendered width of a card's image in the admin panel's grids (1, 2, 3 then 4 columns): its `sizes`. */
export const ADMIN_CARD_IMAGE_SIZES =
  '(min-width: 1536px) 25vw, (min-width: 1280px) 33vw, (min-width: 640px) 50vw, 100vw';
