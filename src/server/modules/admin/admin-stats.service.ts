import type { AdminStats } from '../../../shared/schemas/admin';
import type { DbOrTx } from '../../db/client';
import { loadAdminStats } from './admin-stats.repo';

/** The administrator's dashboard numbers (one query: admin-stats.repo.ts). */
export function getAdminStats(db: DbOrTx): Promise<AdminStats> {
  return loadAdminStats(db);
}
