import type { AppConfig } from '../../config';
import { describeBackupTarget } from '../backup/index';
import type { ReadinessFacts } from './readiness-config';

/** What the readiness items need measured on this machine: where the backups go (the backup module says). */
export async function measureReadinessFacts(config: AppConfig): Promise<ReadinessFacts> {
  return { backup: await describeBackupTarget(config) };
}
