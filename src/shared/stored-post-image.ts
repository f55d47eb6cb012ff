/**
 * The one rule for a promotion post's inline images, `[IMAGE:url]`: a marker shows
 * only a post image this app stored, `<storage base>/posts/<32 hex>.<jpg|png|webp>`. The storage base is where
 * the app's stored files are served from: `/uploads` with local storage, S3_PUBLIC_URL (or the bucket's URL) with
 * STORAGE=s3. The server keeps only such markers on save and sends the base with every feed page; the client
 * shows only such markers (markers are found with IMAGE_MARKER_RE of community-constants.ts). No imports.
 */
/** The local storage's base: files under DATA_DIR/uploads served at /uploads/<key>. */
export const LOCAL_STORAGE_BASE = '/uploads';

const POST_IMAGE_NAME = /^[a-f0-9]{32}\.(?:jpg|png|webp)$/;

/** True when `url` is a post image this app stored under `storageBase` (no trailing slash). */
export function isStoredPostImageUrl(url: string, storageBase: string): boolean {
  if (!storageBase || storageBase.endsWith('/')) return false;
  const prefix = `${storageBase}/posts/`;
  return url.startsWith(prefix) && POST_IMAGE_NAME.test(url.slice(prefix.length));
}
