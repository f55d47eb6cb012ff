import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../../config';
import { s3ClientFor } from '../../lib/storage/storage-s3';
import { BACKUP_NAME_RE, backupTarget, downloadS3Object, s3SettingsForBucket } from './backup-target';
import { BackupFileError } from './backup-verify';

export interface BackupSource {
  /** A local file to verify and restore. */
  file: string;
  /** How messages name it (the path, or the s3:// address). */
  label: string;
  /** Removes what was downloaded (never the owner's own file). */
  cleanup(): Promise<void>;
}

/**
 * What `npm run restore -- X` reads: a local file; an `s3://bucket/key` (read with BACKUP_S3_*, or S3_* for the
 * uploads' bucket); or the name of a backup kept in BACKUP_TARGET (a folder there is read in place, an S3 one is
 * downloaded). A download goes to a private temp folder, removed by `cleanup`.
 */
export async function openBackupSource(config: AppConfig, arg: string): Promise<BackupSource> {
  const noCleanup = async () => {};
  if (arg.startsWith('s3://')) {
    const [bucket = '', ...rest] = arg.slice('s3://'.length).split('/');
    const key = rest.join('/');
    if (!bucket || !key || key.endsWith('/')) {
      throw new BackupFileError(
        `Informe o endereço de um arquivo de backup: s3://bucket/prefixo/nome (recebido ${arg}).`,
      );
    }
    const s3 = s3ClientFor(s3SettingsForBucket(config, bucket));
    return download(arg, (to) => downloadS3Object(s3, key, to));
  }
  if ((await stat(arg).catch(() => null))?.isFile()) return { file: arg, label: arg, cleanup: noCleanup };
  const name = path.basename(arg);
  if (!BACKUP_NAME_RE.test(name)) return { file: arg, label: arg, cleanup: noCleanup };
  // Not here: the backup of that name in the target (automatic ones, then manual ones when they differ).
  for (const kind of ['automatic', 'manual'] as const) {
    const target = backupTarget(config, kind);
    if (target.folder) {
      const file = path.join(target.folder, name);
      if ((await stat(file).catch(() => null))?.isFile()) return { file, label: file, cleanup: noCleanup };
    } else {
      const found = await download(target.describe(name), (to) => target.fetch(name, to)).catch((error) => {
        if (error instanceof BackupFileError) return null;
        throw error;
      });
      if (found) return found;
    }
  }
  return { file: arg, label: arg, cleanup: noCleanup };
}

async function download(label: string, fetch: (to: string) => Promise<boolean>): Promise<BackupSource> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ce-backup-baixado-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const file = path.join(dir, path.basename(label));
    if (!(await fetch(file))) throw new BackupFileError(`O backup ${label} não existe.`);
    return { file, label, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
