import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config';
import type { DetectedType } from '../lib/file-type';
import { createS3Storage } from './storage-s3';

export interface StoredFile {
  /** Public URL the database keeps (never a data URL). */
  url: string;
  key: string;
}

/** One storage for every upload (avatars, creatives, banners): local disk by default, S3-compatible when configured. */
export interface Storage {
  put(data: Buffer, type: DetectedType, folder: 'avatars' | 'creatives' | 'banners'): Promise<StoredFile>;
  /** Removes a file this storage created, given its URL; anything else is ignored. */
  remove(url: string): Promise<void>;
  /** True when the URL points at a file this storage created. */
  owns(url: string): boolean;
  kind: 'local' | 's3';
}

export const LOCAL_UPLOAD_PREFIX = '/uploads/';
const NAME_RE = /^(avatars|creatives|banners)\/[a-f0-9]{32}\.(jpg|png|gif|webp|mp4|mov|mpg)$/;

export function uploadsDir(config: AppConfig) {
  return path.join(config.DATA_DIR, 'uploads');
}

export function isSafeUploadKey(key: string) {
  return NAME_RE.test(key);
}

function newKey(folder: string, type: DetectedType) {
  return `${folder}/${randomBytes(16).toString('hex')}.${type.ext}`;
}

export function createLocalStorage(config: AppConfig): Storage {
  const root = uploadsDir(config);
  return {
    kind: 'local',
    async put(data, type, folder) {
      const key = newKey(folder, type);
      await mkdir(path.join(root, folder), { recursive: true });
      await writeFile(path.join(root, key), data, { flag: 'wx' });
      return { key, url: `${LOCAL_UPLOAD_PREFIX}${key}` };
    },
    async remove(url) {
      if (!url.startsWith(LOCAL_UPLOAD_PREFIX)) return;
      const key = url.slice(LOCAL_UPLOAD_PREFIX.length);
      if (!isSafeUploadKey(key)) return;
      await unlink(path.join(root, key)).catch(() => {});
    },
    owns(url) {
      return url.startsWith(LOCAL_UPLOAD_PREFIX) && isSafeUploadKey(url.slice(LOCAL_UPLOAD_PREFIX.length));
    },
  };
}

export function createStorage(config: AppConfig): Storage {
  return config.STORAGE === 's3' ? createS3Storage(config) : createLocalStorage(config);
}
