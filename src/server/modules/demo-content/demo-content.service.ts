import type { DemoContentCounts } from '../../../shared/schemas/admin';
import type { Db, Tx } from '../../db/client';
import type { DemoContentTable } from '../../db/schema/index';
import { describeError } from '../../lib/describe-error';
import type { Storage } from '../../lib/storage/storage';
import { forgetDeletedFromMetrics } from '../admin/admin-metrics.service';
import { removeLiveCall } from '../live-calls/live-calls.service';
import {
  DEMO_SEED_LOCKS,
  type DeletedDemoContent,
  deleteDemoRows,
  demoRowsByTable,
  recordDemoRemoval,
  takeDemoSeedLock,
} from './demo-content.repo';

export { registerDemoLessons, registerDemoRows, wasDemoContentRemoved } from './demo-content.repo';

/** The whole removal inside one transaction: the seed's locks (a seeding start waits), the rows, the dashboard. */
async function removeInTransaction(tx: Tx): Promise<DeletedDemoContent> {
  for (const lock of DEMO_SEED_LOCKS) await takeDemoSeedLock(tx, lock);
  const result = await deleteDemoRows(tx);
  for (const id of result.datedCalls) await removeLiveCall(tx, id);
  const { counts } = result;
  if (counts.members + counts.webhookEvents + counts.posts + counts.submissions > 0) {
    await forgetDeletedFromMetrics(tx, result.since);
  }
  return result;
}

class DryRun extends Error {
  constructor(readonly result: DeletedDemoContent) {
    super('dry run');
  }
}

/**
 * What removing the demo content would delete now: the removal itself, rolled back (so the counts are the very
 * statements' own, never a second description of them that could drift).
 */
export async function previewDemoContentRemoval(db: Db): Promise<DemoContentCounts> {
  try {
    await db.transaction(async (tx) => {
      throw new DryRun(await removeInTransaction(tx));
    });
  } catch (error) {
    if (error instanceof DryRun) return error.result.counts;
    throw error;
  }
  throw new Error('unreachable');
}

/**
 * Deletes exactly the demo content (the rows the seed registered in demo_content and what hangs on them, a real
 * member's comment on a demo post included) in one transaction, records the removal (the demo is never seeded again),
 * then removes the files the seed stored. A second removal finds nothing: every count 0.
 */
export async function removeDemoContent(options: {
  db: Db;
  storage: Storage;
  log: { warn(message: string): void };
}): Promise<DemoContentCounts> {
  const result = await options.db.transaction(async (tx) => {
    const removed = await removeInTransaction(tx);
    await recordDemoRemoval(tx, removed.counts);
    return removed;
  });
  // After the commit: a failed transaction leaves every file its rows still name.
  for (const url of result.files) {
    await options.storage
      .remove(url)
      .catch((error: unknown) =>
        options.log.warn(`arquivo de demonstração não removido (${url}): ${describeError(error)}`),
      );
  }
  return result.counts;
}

/** The demo rows still registered, by table (the readiness check: present or not, and how much). */
export function demoContentPresent(db: Db): Promise<Partial<Record<DemoContentTable, number>>> {
  return demoRowsByTable(db);
}
