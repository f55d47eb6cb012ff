import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per backup run (automatic or by `npm run backup`): the admin panel shows the last one, and instances
 * sharing a database see that the scheduled run already happened.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text({ enum: ['automatic', 'manual'] }).notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    result: text({ enum: ['running', 'ok', 'failed'] })
      .notNull()
      .default('running'),
    sizeBytes: bigint({ mode: 'number' }),
    /** Where the file is: a path in BACKUP_DIR or s3://bucket/backups/... */
    file: text(),
    error: text(),
  },
  (t) => [index('backup_runs_started_idx').on(t.startedAt)],
);
