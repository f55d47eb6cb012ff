/** The backup module as other modules, the commands and main.ts use it. */

export { backupStatus, errorReason, runBackup, startBackupSchedule } from './backup.service';
export { backupFileStore } from './backup-files';
export { openBackupSource } from './backup-source';
export {
  type BackupTargetDescription,
  backupTarget,
  describeBackupTarget,
} from './backup-target';
export { BackupFileError, type VerifiedBackup, verifyBackup } from './backup-verify';
export { restoreBackup } from './restore';
