import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../../config';
import type { DetectedType } from '../file-type';
import {
  isPrivateKey,
  isStoredFileKey,
  LOCAL_UPLOAD_PREFIX,
  privateDir,
  type Storage,
  uploadsDir,
} from './storage-base';
import { createS3Storage } from './storage-s3';
import { hasImageVariants, makeImageVariants, originalCandidates, variantKeys } from './storage-variants';

// The storage's types and key rules live in storage-base.ts (storage-s3.ts needs them without this factory).
export * from './storage-base';

function checkPrivateKey(key: string) {
  if (!isPrivateKey(key)) throw new Error(`chave de arquivo privado inválida: ${key}`);
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
      const copies = hasImageVariants(type.ext) ? await makeImageVariants(data) : [];
      await mkdir(path.join(root, folder), { recursive: true });
      // Copies first: whoever can see the original can also load its copies.
      const keys = variantKeys(key);
      for (const copy of copies) {
        const copyKey = keys.find((k) => k.width === copy.width)?.key;
        if (copyKey) await writeFile(path.join(root, copyKey), copy.data, { flag: 'wx' });
      }
      await writeFile(path.join(root, key), data, { flag: 'wx' });
      return { key, url: `${LOCAL_UPLOAD_PREFIX}${key}` };
    },
    async remove(url) {
      if (!url.startsWith(LOCAL_UPLOAD_PREFIX)) return;
      const key = url.slice(LOCAL_UPLOAD_PREFIX.length);
      if (!isStoredFileKey(key)) return;
      await unlink(path.join(root, key)).catch(() => {});
      await Promise.all(variantKeys(key).map((v) => unlink(path.join(root, v.key)).catch(() => {})));
    },
    owns(url) {
      return url.startsWith(LOCAL_UPLOAD_PREFIX) && isStoredFileKey(url.slice(LOCAL_UPLOAD_PREFIX.length));
    },
    async putPrivate(key, data) {
      checkPrivateKey(key);
      const file = path.join(privateDir(config), key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, data, { flag: 'wx', mode: 0o600 });
      await rename(temporary, file);
    },
    async readPrivate(key) {
      checkPrivateKey(key);
      return readFile(path.join(privateDir(config), key)).catch(() => null);
    },
    async removePrivate(key) {
      checkPrivateKey(key);
      await unlink(path.join(privateDir(config), key)).catch(() => {});
    },
  };
}

export function createStorage(config: AppConfig): Storage {
  return config.STORAGE === 's3' ? createS3Storage(config) : createLocalStorage(config);
}

/** Largest original the lazy copy maker reads (uploads are capped at 5 MB; older files could be anything). */
const LAZY_SOURCE_MAX_BYTES = 20 * 1024 * 1024;
const making = new Map<string, Promise<boolean>>();

/**
 * Local storage only: makes the missing copies of an original stored before copies existed (an older data
 * folder), when one of them is first asked for. True when the asked copy now exists. Concurrent requests
 * share one job; each copy is written to a temporary name and renamed, so nobody reads half a file.
 */
export function ensureLocalVariant(config: AppConfig, variantKey: string): Promise<boolean> {
  const candidates = originalCandidates(variantKey);
  const base = candidates[0];
  if (!base) return Promise.resolve(false);
  const pending = making.get(base);
  if (pending) return pending;
  const job = makeMissingCopies(uploadsDir(config), candidates)
    .catch(() => false)
    .finally(() => making.delete(base));
  making.set(base, job);
  return job;
}

async function makeMissingCopies(root: string, candidates: string[]): Promise<boolean> {
  for (const key of candidates) {
    const file = path.join(root, key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) continue;
    if (info.size > LAZY_SOURCE_MAX_BYTES) return false;
    const copies = await makeImageVariants(await readFile(file));
    const keys = variantKeys(key);
    for (const copy of copies) {
      const target = keys.find((k) => k.width === copy.width)?.key;
      if (!target) continue;
      const temporary = path.join(root, `${target}.${randomBytes(6).toString('hex')}.tmp`);
      await writeFile(temporary, copy.data, { flag: 'wx' });
      await rename(temporary, path.join(root, target));
    }
    return true;
  }
  return false;
}
