import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { AppConfig } from '../../config';
import { contentTypeOfExtension } from '../../lib/file-type';
import { privateDir, uploadsDir } from '../../lib/storage/storage';
import { createS3Client } from '../../lib/storage/storage-s3';
import { BACKUP_NAME_RE, BACKUPS_PREFIX, backupTargetSpec } from './backup-target';

/**
 * The uploaded files as a backup sees them, whatever the storage: keys relative to the storage's root. Local: the
 * uploads folder (`avatars/...`) and the private folder as `private/...`; S3: the bucket's keys (private files
 * already live under `private/`), never the backups kept under `backups/`.
 */
export interface BackupFileStore {
  kind: 'local' | 's3';
  list(): Promise<Array<{ key: string; size: number }>>;
  /**
   * The file's size and its bytes as a stream (never loaded whole: a clone ZIP can be tens of MB), or null when it
   * was removed since it was listed.
   */
  read(key: string): Promise<{ size: number; stream: Readable } | null>;
  /** Writes the local file `source` under `key`, as a stream. */
  write(key: string, source: string): Promise<void>;
  /** True when the store holds at least one file (a restore target must be empty unless forced). */
  hasAny(): Promise<boolean>;
}

const PRIVATE_PREFIX = 'private/';
/** A key a restore may write: plain relative names, no `..`, no absolute path, not under backups/. */
const SAFE_KEY = /^(?!backups\/)[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;
export const isRestorableKey = (key: string) => SAFE_KEY.test(key) && !key.split('/').includes('..');

async function walk(root: string, prefix: string, out: Array<{ key: string; size: number }>) {
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const full = path.join(root, entry.name);
    if (entry.isDirectory()) await walk(full, `${prefix}${entry.name}/`, out);
    // Half-written files (`*.tmp`, renamed into place when complete) are not files yet.
    else if (entry.isFile() && !entry.name.endsWith('.tmp'))
      out.push({ key: `${prefix}${entry.name}`, size: (await stat(full)).size });
  }
}

function localStore(config: AppConfig): BackupFileStore {
  const uploads = uploadsDir(config);
  const privates = privateDir(config);
  const fileOf = (key: string) =>
    key.startsWith(PRIVATE_PREFIX)
      ? path.join(privates, key.slice(PRIVATE_PREFIX.length))
      : path.join(uploads, key);
  const list = async () => {
    const out: Array<{ key: string; size: number }> = [];
    await walk(uploads, '', out);
    await walk(privates, PRIVATE_PREFIX, out);
    return out.sort((a, b) => (a.key < b.key ? -1 : 1));
  };
  return {
    kind: 'local',
    list,
    async read(key) {
      const handle = await open(fileOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (!handle) return null;
      const { size } = await handle.stat();
      return { size, stream: handle.createReadStream() };
    },
    async write(key, source) {
      const file = fileOf(key);
      const isPrivate = key.startsWith(PRIVATE_PREFIX);
      await mkdir(path.dirname(file), { recursive: true, ...(isPrivate ? { mode: 0o700 } : {}) });
      const temporary = `${file}.restore.tmp`;
      await pipeline(
        createReadStream(source),
        createWriteStream(temporary, isPrivate ? { mode: 0o600 } : {}),
      );
      await rename(temporary, file);
    },
    async hasAny() {
      return (await list()).length > 0;
    },
  };
}

function s3Store(config: AppConfig): BackupFileStore {
  const s3 = createS3Client(config);
  // Backups kept in the uploads' bucket are not uploads: backups/ (automatic ones of before BACKUP_TARGET), and the
  // backup files under BACKUP_TARGET's prefix when it names this bucket.
  const target = config.BACKUP_TARGET?.startsWith('s3://') ? backupTargetSpec(config) : null;
  const isBackup = (key: string) =>
    key.startsWith(BACKUPS_PREFIX) ||
    (target?.kind === 's3' &&
      target.bucket === config.S3_BUCKET &&
      key.startsWith(target.prefix) &&
      BACKUP_NAME_RE.test(key.slice(target.prefix.length)));
  const list = async () => (await s3.list()).filter((o) => !isBackup(o.key) && !o.key.endsWith('/'));
  return {
    kind: 's3',
    list,
    async read(key) {
      const res = await s3.send('GET', key);
      if (res.status === 404) return null;
      const length = res.headers.get('content-length');
      if (!res.body || length === null) throw new Error(`S3 GET ${key} respondeu sem Content-Length.`);
      return { size: Number(length), stream: Readable.fromWeb(res.body as WebReadableStream) };
    },
    async write(key, source) {
      const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
      const isPrivate = key.startsWith(PRIVATE_PREFIX);
      await s3.putFile(
        key,
        source,
        contentTypeOfExtension(ext),
        isPrivate ? 'private, no-store' : 'public, max-age=31536000, immutable',
      );
    },
    async hasAny() {
      return (await list()).length > 0;
    },
  };
}

export function backupFileStore(config: AppConfig): BackupFileStore {
  return config.STORAGE === 's3' ? s3Store(config) : localStore(config);
}
