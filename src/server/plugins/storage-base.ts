import { LOCAL_STORAGE_BASE } from '../../shared/stored-post-image';
import type { AppConfig } from '../config';

/**
 * Where the storage's public URLs start (no trailing slash): `/uploads` locally (LOCAL_UPLOAD_PREFIX without
 * its slash); with STORAGE=s3, S3_PUBLIC_URL or else the bucket's own URL, path-style or virtual-host as
 * configured (the URLs storage-s3.ts gives its files: a test pins the two together). The feeds send it to the
 * client so both check [IMAGE:] markers with the one rule of src/shared/stored-post-image.ts.
 */
export function storagePublicBase(config: AppConfig): string {
  if (config.STORAGE !== 's3') return LOCAL_STORAGE_BASE;
  if (config.S3_PUBLIC_URL) return config.S3_PUBLIC_URL.replace(/\/+$/, '');
  const endpoint = new URL(config.S3_ENDPOINT ?? `https://s3.${config.S3_REGION}.amazonaws.com`);
  const root = config.S3_FORCE_PATH_STYLE
    ? `${endpoint.origin}${endpoint.pathname.replace(/\/$/, '')}/${config.S3_BUCKET}/`
    : `${endpoint.protocol}//${config.S3_BUCKET}.${endpoint.host}/`;
  return new URL(root).toString().replace(/\/+$/, '');
}
