import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { AppConfig } from '../../config';
import { type S3Client, type S3Settings, s3ClientFor } from '../../lib/storage/storage-s3';

/** The automatic backups' prefix in the uploads' bucket when BACKUP_TARGET is unset and STORAGE=s3. */
export const BACKUPS_PREFIX = 'backups/';

/**
 * Where finished backups are kept. BACKUP_TARGET: a folder, or `s3://bucket/prefix` with the BACKUP_S3_* settings.
 * Unset: BACKUP_DIR, except that with STORAGE=s3 the automatic ones go to the uploads' bucket under backups/ (with
 * the S3_* settings), as they did before BACKUP_TARGET existed.
 */
export type BackupTargetSpec =
  | { kind: 'folder'; dir: string }
  | { kind: 's3'; bucket: string; prefix: string; settings: S3Settings };

export function backupTargetSpec(
  config: AppConfig,
  kind: 'automatic' | 'manual' = 'automatic',
): BackupTargetSpec {
  const target = config.BACKUP_TARGET;
  if (target?.startsWith('s3://')) {
    const [bucket = '', ...rest] = target.slice('s3://'.length).split('/');
    return {
      kind: 's3',
      bucket,
      prefix: rest.join('/'),
      settings: backupS3Settings(config, bucket),
    };
  }
  if (target) return { kind: 'folder', dir: target };
  if (kind === 'automatic' && config.STORAGE === 's3' && config.S3_BUCKET) {
    return {
      kind: 's3',
      bucket: config.S3_BUCKET,
      prefix: BACKUPS_PREFIX,
      settings: uploadsS3Settings(config),
    };
  }
  return { kind: 'folder', dir: config.BACKUP_DIR };
}

function uploadsS3Settings(config: AppConfig): S3Settings {
  return {
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    bucket: config.S3_BUCKET ?? '',
    accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}

function backupS3Settings(config: AppConfig, bucket: string): S3Settings {
  return {
    endpoint: config.BACKUP_S3_ENDPOINT,
    region: config.BACKUP_S3_REGION,
    bucket,
    accessKeyId: config.BACKUP_S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: config.BACKUP_S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: config.BACKUP_S3_FORCE_PATH_STYLE,
  };
}

/**
 * The credentials for reading `s3://bucket/...` given to `npm run restore`: BACKUP_S3_* when set, else the uploads'
 * S3_* when it is their bucket (the automatic backups of before BACKUP_TARGET).
 */
export function s3SettingsForBucket(config: AppConfig, bucket: string): S3Settings {
  if (config.BACKUP_S3_ACCESS_KEY_ID && config.BACKUP_S3_SECRET_ACCESS_KEY) {
    return backupS3Settings(config, bucket);
  }
  if (config.STORAGE === 's3' && config.S3_BUCKET === bucket && config.S3_ACCESS_KEY_ID) {
    return uploadsS3Settings(config);
  }
  throw new Error(
    `Para ler s3://${bucket}/... defina BACKUP_S3_ACCESS_KEY_ID e BACKUP_S3_SECRET_ACCESS_KEY (e BACKUP_S3_ENDPOINT fora da AWS).`,
  );
}

/** Where a target is, for the panel, messages and `backup_runs`: the folder, or s3://bucket/prefix (never a secret). */
export const targetLocation = (spec: BackupTargetSpec) =>
  spec.kind === 'folder' ? spec.dir : `s3://${spec.bucket}/${spec.prefix}`;

const FS_FAILURE: Record<string, string> = {
  EACCES: 'sem permissão de escrita',
  EPERM: 'sem permissão de escrita',
  EROFS: 'disco somente leitura',
  ENOSPC: 'disco cheio',
  EDQUOT: 'cota do disco esgotada',
  ENOTDIR: 'parte do caminho é um arquivo, não uma pasta',
  EEXIST: 'parte do caminho é um arquivo, não uma pasta',
  EISDIR: 'o nome já é uma pasta',
  ENOENT: 'o caminho não existe',
};

/** A folder that cannot take a backup, said in Portuguese (the code, never a stack). */
export function targetWriteError(dir: string, error: unknown): Error {
  const code = (error as NodeJS.ErrnoException)?.code ?? '';
  const why = FS_FAILURE[code] ?? (code || (error as Error)?.message || String(error));
  return new BackupTargetError(
    `Não foi possível gravar na pasta de destino dos backups ${dir} (${why}${FS_FAILURE[code] ? `, ${code}` : ''}). ` +
      'Confira BACKUP_TARGET (ou BACKUP_DIR): a pasta precisa existir ou poder ser criada, e o usuário do app precisa poder escrever nela.',
  );
}

/** The backup's target refused it: nothing was kept there. */
export class BackupTargetError extends Error {}

export interface BackupFileInTarget {
  name: string;
  size: number;
}

/** Finished backup files kept where BACKUP_TARGET says (see backupTargetSpec). */
export interface BackupTarget {
  spec: BackupTargetSpec;
  /** The folder or s3://bucket/prefix. */
  location: string;
  /** Where a file of that name is. */
  describe(name: string): string;
  /**
   * A folder target is made (mode 0700) and a probe file written, synced and removed there, so that a target that
   * cannot be written is refused before the snapshot starts. An S3 target is only known at the upload.
   */
  check(): Promise<void>;
  /** The folder the archive is written straight into, or null when it is sent there once written (S3). */
  folder: string | null;
  /** Sends a finished local file there and removes the local one (S3); a folder's own file stays. */
  keep(localFile: string, name: string): Promise<string>;
  /** Backup files there, oldest first (the names sort by time). */
  list(): Promise<BackupFileInTarget[]>;
  remove(name: string): Promise<void>;
  /** Copies the backup `name` from there to the local file `to`; false when there is none of that name. */
  fetch(name: string, to: string): Promise<boolean>;
}

export const BACKUP_NAME_RE = /^clube-escala-\d{8}-\d{6}-\d{3}\.tar\.gz(\.enc)?$/;

export function backupTarget(config: AppConfig, kind: 'automatic' | 'manual' = 'automatic'): BackupTarget {
  const spec = backupTargetSpec(config, kind);
  return spec.kind === 's3' ? s3Target(spec) : folderTarget(spec.dir);
}

function folderTarget(dir: string): BackupTarget {
  const spec: BackupTargetSpec = { kind: 'folder', dir };
  return {
    spec,
    location: dir,
    folder: dir,
    describe: (name) => path.join(dir, name),
    async check() {
      const probe = path.join(dir, `.teste-de-gravacao-${randomBytes(6).toString('hex')}.tmp`);
      try {
        await mkdir(dir, { recursive: true, mode: 0o700 });
        await writeFile(probe, 'clube-escala', { mode: 0o600, flush: true });
        await unlink(probe);
      } catch (error) {
        await rm(probe, { force: true }).catch(() => {});
        throw targetWriteError(dir, error);
      }
    },
    async keep(localFile, name) {
      const file = path.join(dir, name);
      if (localFile !== file) {
        await copyFile(localFile, `${file}.tmp`);
        await rename(`${file}.tmp`, file);
        await rm(localFile, { force: true });
      }
      return file;
    },
    async list() {
      const names = (await readdir(dir).catch(() => [] as string[]))
        .filter((n) => BACKUP_NAME_RE.test(n))
        .sort();
      const out: BackupFileInTarget[] = [];
      for (const name of names) {
        const info = await stat(path.join(dir, name)).catch(() => null);
        if (info?.isFile()) out.push({ name, size: info.size });
      }
      return out;
    },
    async remove(name) {
      await rm(path.join(dir, name), { force: true });
    },
    async fetch(name, to) {
      const info = await stat(path.join(dir, name)).catch(() => null);
      if (!info?.isFile()) return false;
      await copyFile(path.join(dir, name), to);
      return true;
    },
  };
}

function s3Target(spec: Extract<BackupTargetSpec, { kind: 's3' }>): BackupTarget {
  let client: S3Client | null = null;
  const s3 = () => {
    client ??= s3ClientFor(spec.settings);
    return client;
  };
  const location = targetLocation(spec);
  const describe = (name: string) => `${location}${name}`;
  return {
    spec,
    location,
    folder: null,
    describe,
    async check() {},
    async keep(localFile, name) {
      try {
        // One PUT: the object appears whole or not at all (never a partial backup in the bucket).
        await s3().putFile(
          `${spec.prefix}${name}`,
          localFile,
          'application/octet-stream',
          'private, no-store',
        );
      } catch (error) {
        throw new BackupTargetError(
          `Não foi possível enviar o backup para ${location} (${(error as Error).message}). ` +
            'Confira BACKUP_TARGET e as credenciais BACKUP_S3_* (e BACKUP_S3_ENDPOINT).',
        );
      }
      await rm(localFile, { force: true });
      return describe(name);
    },
    async list() {
      return (await s3().list(spec.prefix))
        .map((o) => ({ name: o.key.slice(spec.prefix.length), size: o.size }))
        .filter((o) => BACKUP_NAME_RE.test(o.name))
        .sort((a, b) => (a.name < b.name ? -1 : 1));
    },
    async remove(name) {
      await s3().send('DELETE', `${spec.prefix}${name}`);
    },
    async fetch(name, to) {
      return downloadS3Object(s3(), `${spec.prefix}${name}`, to);
    },
  };
}

/** Streams an object to a local file (never whole in memory); false when it does not exist. */
export async function downloadS3Object(s3: S3Client, key: string, to: string): Promise<boolean> {
  const res = await s3.send('GET', key);
  if (res.status === 404) return false;
  if (!res.body) throw new Error(`S3 GET ${key} respondeu sem corpo.`);
  await pipeline(Readable.fromWeb(res.body as WebReadableStream), createWriteStream(to, { mode: 0o600 }));
  return true;
}

export interface BackupTargetDescription {
  kind: 'folder' | 's3';
  /** The folder, or s3://bucket/prefix: never an endpoint's credentials. */
  location: string;
  /** BACKUP_PASSPHRASE is set: every new backup is encrypted. */
  encrypted: boolean;
  /**
   * The folder is on the same device as the embedded database's files (DATA_DIR/postgres): losing that disk loses
   * both. False for S3 and for an external database on another host; null when it cannot be known (an external
   * database on this machine: its files' folder is not ours to see).
   */
  sameDiskAsDatabase: boolean | null;
}

/** The device of a path, or of its nearest existing parent (a target folder is made at the first backup). */
async function deviceOf(file: string): Promise<number> {
  for (let at = path.resolve(file); ; at = path.dirname(at)) {
    const info = await stat(at).catch(() => null);
    if (info) return info.dev;
    if (path.dirname(at) === at) return -1;
  }
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]', '']);

/**
 * Where the automatic backups go and whether they are encrypted, for the admin panel and the readiness check
 * (a backup on the database's own disk does not survive the machine).
 */
export async function describeBackupTarget(config: AppConfig): Promise<BackupTargetDescription> {
  const spec = backupTargetSpec(config, 'automatic');
  const encrypted = config.BACKUP_PASSPHRASE !== undefined;
  const location = targetLocation(spec);
  if (spec.kind === 's3') return { kind: 's3', location, encrypted, sameDiskAsDatabase: false };
  let sameDiskAsDatabase: boolean | null;
  const url = config.DATABASE_DIRECT_URL ?? config.DATABASE_URL;
  if (url) {
    let host = '';
    try {
      const parsed = new URL(url);
      host = parsed.searchParams.get('host') ?? parsed.hostname;
    } catch {
      host = '';
    }
    sameDiskAsDatabase =
      LOCAL_HOSTS.has(host) || host.startsWith('127.') || host.startsWith('/') ? null : false;
  } else {
    const [database, folder] = await Promise.all([
      deviceOf(path.join(config.DATA_DIR, 'postgres')),
      deviceOf(spec.dir),
    ]);
    sameDiskAsDatabase = database === folder;
  }
  return { kind: 'folder', location, encrypted, sameDiskAsDatabase };
}
