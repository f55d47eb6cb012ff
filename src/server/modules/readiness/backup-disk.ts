import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../../config';
import { embeddedClusterDir } from '../../db/command-database';
import { backupDestination, type ReadinessFacts } from './readiness-config';

/** The device (st_dev) of a folder, or of its nearest existing parent when it is not made yet; undefined if none. */
export async function deviceOf(dir: string): Promise<number | undefined> {
  let current = path.resolve(dir);
  for (;;) {
    try {
      return (await stat(current)).dev;
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return undefined;
      current = parent;
    }
  }
}

/**
 * With the embedded database, whether the backup folder is on the disk of DATA_DIR/postgres (same st_dev): one disk
 * lost takes both. Unknown (nothing set) with a bucket destination or an external database.
 */
export async function measureReadinessFacts(config: AppConfig): Promise<ReadinessFacts> {
  const destination = backupDestination(config);
  if (destination.kind !== 'folder' || config.DATABASE_URL) return {};
  const [backups, database] = await Promise.all([
    deviceOf(destination.dir),
    deviceOf(embeddedClusterDir(config)),
  ]);
  if (backups === undefined || database === undefined) return {};
  return { backupOnDatabaseDisk: backups === database };
}
