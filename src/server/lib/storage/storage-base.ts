import path from 'node:path';
import { STORAGE_FOLDER_PATTERN, type StorageFolder } from '../../../shared/image-variants';
import { LOCAL_STORAGE_BASE } from '../../../shared/stored-post-image';
import type { AppConfig } from '../../config';
import type { DetectedType } from '../file-type';
import { VARIANT_KEY_RE } from './storage-variants';

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

/** The folders of stored files (STORAGE_FOLDERS): one per kind of owner. */
export type { StorageFolder };

export interface StoredFile {
  /** Public URL the database keeps (never a data URL). */
  url: string;
  key: string;
}

/**
 * One storage for every public file (avatars, creatives, banners, post images, funnel screenshots): local disk by default, S3-compatible when
 * configured. JPEG, PNG and WebP images get resized WebP copies beside them (storage-variants.ts).
 */
export interface Storage {
  /** Stores the file (and an image's copies); an image sharp cannot decode is refused with a 400. */
  put(data: Buffer, type: DetectedType, folder: StorageFolder): Promise<StoredFile>;
  /** Removes a file this storage created (and its copies), given its URL; anything else is ignored. */
  remove(url: string): Promise<void>;
  /** True when the URL points at a file this storage created (an original, never one of its copies). */
  owns(url: string): boolean;
  /**
   * Private files (a member's site-clone ZIP): never served by the public /uploads route nor public by URL; the
   * app reads them back for their owner. `key` is `<folder>/<name>` checked by `isPrivateKey`.
   */
  putPrivate(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The private file, or null when it is gone. */
  readPrivate(key: string): Promise<Buffer | null>;
  removePrivate(key: string): Promise<void>;
  kind: 'local' | 's3';
}

/** Private keys: `clones/<uuid>.zip`. */
const PRIVATE_KEY_RE = /^clones\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.zip$/;
export function isPrivateKey(key: string) {
  return PRIVATE_KEY_RE.test(key);
}

/** Private files on local disk: beside the uploads folder, never under it. */
export function privateDir(config: AppConfig) {
  return path.join(config.DATA_DIR, 'private');
}

export const LOCAL_UPLOAD_PREFIX = '/uploads/';
const NAME_RE = new RegExp(`^(${STORAGE_FOLDER_PATTERN})\\/[a-f0-9]{32}\\.(jpg|png|gif|webp|mp4|mov|mpg)$`);

export function uploadsDir(config: AppConfig) {
  return path.join(config.DATA_DIR, 'uploads');
}

/** An original this storage created: `<folder>/<32 hex>.<ext>`. */
export function isStoredFileKey(key: string) {
  return NAME_RE.test(key);
}

/** A name the /uploads route may serve: an original or one of its resized copies. */
export function isSafeUploadKey(key: string) {
  return NAME_RE.test(key) || VARIANT_KEY_RE.test(key);
}
