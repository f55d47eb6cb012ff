import type { DbOrTx } from '../../db/client';
import { toolRuns } from '../../db/schema/index';

/** One answered run of the optimizer or the validator (the owner's dashboard counts them per week). */
export async function recordToolRun(
  db: DbOrTx,
  userId: string,
  tool: 'optimizer' | 'validator',
): Promise<void> {
  await db.insert(toolRuns).values({ userId, tool });
}
