import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { serverKeys } from '../db/schema/index';

/**
 * The key named `name`, made by `create()` the first time any instance asks and shared by all of them from then on:
 * two instances starting together both insert, `on conflict do nothing` keeps the first and both read it back.
 * Callers cache the value for the life of the process (a key never changes once made).
 */
export async function getOrCreateServerKey(db: DbOrTx, name: string, create: () => string): Promise<string> {
  await db.insert(serverKeys).values({ name, value: create() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: serverKeys.value })
    .from(serverKeys)
    .where(eq(serverKeys.name, name));
  if (!row) throw new Error(`server key ${name} missing after insert`);
  return row.value;
}
