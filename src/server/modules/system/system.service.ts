import type { Db } from '../../db/client';
import { pingDatabase } from './system.repo';

/** Whether the database answers now (readiness): false instead of the driver's error. */
export async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await pingDatabase(db);
    return true;
  } catch {
    return false;
  }
}
