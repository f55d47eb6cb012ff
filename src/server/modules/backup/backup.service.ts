import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { AdminBackupStatus } from '../../../shared/schemas/admin';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { backupRuns } from '../../db/schema/index';
import { describeError } from '../../lib/describe-error';
import { notifyAdmin } from '../notifications/notifications.repo';
import { createBackup } from './backup-archive';
import { ENCRYPTED_SUFFIX } from './backup-crypto';
import { backupFileStore } from './backup-files';
import { backupTarget, describeBackupTarget, targetWriteError } from './backup-target';

/** The reason alone (no stack) for the panel and the notification; a query error without its parameters. */
export const errorReason = (error: unknown) =>
  error instanceof Error && !('query' in error) ? error.message : describeError(error);

export interface BackupRunResult {
  /** Where the file is: a path, or s3://bucket/prefix/<name>. */
  location: string;
  name: string;
  size: number;
}

export interface BackupLog {
  info(message: string): void;
  error(message: string): void;
}

/**
 * One backup run, recorded in `backup_runs` (with where the file went): the target (BACKUP_TARGET, see
 * backupTargetSpec) is checked first, the archive is written straight into a folder target (or into BACKUP_DIR and
 * then sent to S3), encrypted when BACKUP_PASSPHRASE is set, and after an automatic run only the newest BACKUP_KEEP
 * automatic ones are kept there (those recorded as automatic in backup_runs; manual ones are never deleted). A
 * failure leaves nothing in the target, is recorded, logged as an error and raises an admin notification, then
 * thrown.
 */
export async function runBackup(options: {
  config: AppConfig;
  db: Db;
  /** A direct connection URL (COPY needs one: never through a transaction pooler). */
  url: string;
  kind: 'automatic' | 'manual';
  log: BackupLog;
  now?: Date;
}): Promise<BackupRunResult> {
  const { config, db, kind, log } = options;
  // A database the app has not migrated yet (an older version's, backed up before the upgrade) has no backup_runs.
  const [run] = await db
    .insert(backupRuns)
    .values({ kind })
    .returning({ id: backupRuns.id })
    .catch((error: { cause?: { code?: string } }) => {
      if (error?.cause?.code === '42P01') return [];
      throw error;
    });
  try {
    const target = backupTarget(config, kind);
    await target.check();
    // Tables are staged in BACKUP_DIR (encrypted with a throwaway key when the backup is).
    await mkdir(config.BACKUP_DIR, { recursive: true, mode: 0o700 }).catch((error) => {
      throw targetWriteError(config.BACKUP_DIR, error);
    });
    const common = {
      url: options.url,
      files: backupFileStore(config),
      workDir: config.BACKUP_DIR,
      passphrase: config.BACKUP_PASSPHRASE,
      now: options.now,
    };
    let result: BackupRunResult;
    if (target.folder) {
      const created = await createBackup({ ...common, dir: target.folder });
      result = { location: created.file, name: created.name, size: created.size };
    } else {
      const dir = await mkdtemp(path.join(config.BACKUP_DIR, '.para-o-destino-'));
      try {
        const created = await createBackup({ ...common, dir });
        const location = await target.keep(created.file, created.name);
        result = { location, name: created.name, size: created.size };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
    if (kind === 'automatic') {
      // Only automatic backups are pruned: a manual one (npm run backup) stays until the owner deletes it.
      const automatic = new Set(
        (
          await db
            .select({ file: backupRuns.file })
            .from(backupRuns)
            .where(and(eq(backupRuns.kind, 'automatic'), eq(backupRuns.result, 'ok')))
        ).map((r) => r.file),
      );
      automatic.add(result.location);
      const kept = (await target.list()).filter((f) => automatic.has(target.describe(f.name)));
      for (const old of kept.slice(0, Math.max(0, kept.length - config.BACKUP_KEEP))) {
        await target.remove(old.name);
      }
    }
    if (run) {
      await db
        .update(backupRuns)
        .set({ result: 'ok', finishedAt: new Date(), sizeBytes: result.size, file: result.location })
        .where(eq(backupRuns.id, run.id));
    }
    log.info(`backup ${kind === 'automatic' ? 'automático' : 'manual'} gravado em ${result.location}`);
    return result;
  } catch (error) {
    const reason = errorReason(error);
    log.error(`backup falhou: ${describeError(error)}`);
    await db
      .transaction(async (tx) => {
        if (!run) return;
        await tx
          .update(backupRuns)
          .set({ result: 'failed', finishedAt: new Date(), error: reason.slice(0, 2000) })
          .where(eq(backupRuns.id, run.id));
        await notifyAdmin(tx, {
          title: 'O backup falhou',
          description: `O backup ${kind === 'automatic' ? 'automático' : 'manual'} não foi gravado: ${reason.slice(0, 500)}`,
          link: '/admin',
        });
      })
      .catch((e) => log.error(`não foi possível registrar a falha do backup: ${describeError(e)}`));
    throw error;
  }
}

/** What the admin panel shows: the settings, where backups go, the newest run and when the last good one finished. */
export async function backupStatus(db: Db, config: AppConfig): Promise<AdminBackupStatus> {
  const [last] = await db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(1);
  const [ok] = await db
    .select({ at: backupRuns.finishedAt })
    .from(backupRuns)
    .where(eq(backupRuns.result, 'ok'))
    .orderBy(desc(backupRuns.finishedAt))
    .limit(1);
  return {
    everyHours: config.BACKUP_EVERY_HOURS,
    keep: config.BACKUP_KEEP,
    target: await describeBackupTarget(config),
    last: last
      ? {
          kind: last.kind,
          startedAt: last.startedAt.toISOString(),
          finishedAt: last.finishedAt?.toISOString() ?? null,
          result: last.result,
          sizeBytes: last.sizeBytes,
          error: last.error,
          location: last.file,
          encrypted: last.file === null ? null : last.file.endsWith(ENCRYPTED_SUFFIX),
        }
      : null,
    lastOkAt: ok?.at?.toISOString() ?? null,
  };
}

const LOCK = `hashtext('clube_escala_backup')`;

/**
 * Automatic backups: every BACKUP_EVERY_HOURS one instance of the cluster makes one. Each check takes a session
 * advisory lock (on its own direct connection) and looks at `backup_runs`: an instance that does not get the lock, or
 * finds a run started within the interval, does nothing. `tick()` is one check (the timer calls it; tests too).
 */
export function startBackupSchedule(options: {
  config: AppConfig;
  db: Db;
  url: string;
  log: BackupLog;
  /** How often to check whether a backup is due (default: every 5 minutes, or the interval when shorter). */
  checkEveryMs?: number;
}): { tick(): Promise<BackupRunResult | null>; stop(): void } {
  const { config } = options;
  const everyMs = config.BACKUP_EVERY_HOURS * 3600_000;
  let running: Promise<BackupRunResult | null> | null = null;
  const check = async (): Promise<BackupRunResult | null> => {
    const client = new pg.Client({ connectionString: options.url });
    client.on('error', () => {});
    await client.connect();
    try {
      const { rows } = await client.query<{ ok: boolean }>(`select pg_try_advisory_lock(${LOCK}) as ok`);
      if (!rows[0]?.ok) return null;
      try {
        const recent = await options.db.execute<{ due: boolean }>(
          sql`select not exists (select 1 from backup_runs where kind = 'automatic'
                and started_at > now() - make_interval(secs => ${everyMs / 1000})) as due`,
        );
        if (!recent.rows[0]?.due) return null;
        return await runBackup({ ...options, kind: 'automatic' });
      } finally {
        await client.query(`select pg_advisory_unlock(${LOCK})`).catch(() => {});
      }
    } finally {
      await client.end().catch(() => {});
    }
  };
  const tick = () => {
    running ??= check().finally(() => {
      running = null;
    });
    return running;
  };
  if (everyMs <= 0) return { tick: async () => null, stop() {} };
  const timer = setInterval(
    () => void tick().catch(() => {}),
    options.checkEveryMs ?? Math.min(5 * 60_000, everyMs),
  );
  timer.unref();
  return {
    tick,
    stop: () => clearInterval(timer),
  };
}
