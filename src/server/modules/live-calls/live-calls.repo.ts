import { desc, eq, sql } from 'drizzle-orm';
import type { LiveCallData } from '../../../shared/schemas/live-calls';
import type { DbOrTx } from '../../db/client';
import { liveCalls, users } from '../../db/schema/index';

export type LiveCallRow = typeof liveCalls.$inferSelect;

/** Every call: the newest date first, undated calls after the dated ones, then the newest created. */
export async function listLiveCalls(db: DbOrTx): Promise<LiveCallRow[]> {
  return db
    .select()
    .from(liveCalls)
    .orderBy(sql`${liveCalls.callDate} desc nulls last`, desc(liveCalls.createdAt), desc(liveCalls.id));
}

export async function insertLiveCall(db: DbOrTx, data: LiveCallData): Promise<LiveCallRow> {
  const [row] = await db.insert(liveCalls).values(data).returning();
  if (!row) throw new Error('live call insert returned nothing');
  return row;
}

/** Replaces the call's fields; null when it does not exist. */
export async function updateLiveCall(
  db: DbOrTx,
  id: string,
  data: LiveCallData,
): Promise<LiveCallRow | null> {
  const [row] = await db
    .update(liveCalls)
    .set({ ...data, updatedAt: sql`now()` })
    .where(eq(liveCalls.id, id))
    .returning();
  return row ?? null;
}

/** False when the call does not exist. */
export async function deleteLiveCall(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(liveCalls).where(eq(liveCalls.id, id)).returning({ id: liveCalls.id });
  return rows.length > 0;
}

/** The account's creation time as stored now (not the session cache's copy). */
export async function findAccountCreatedAt(db: DbOrTx, userId: string): Promise<Date | null> {
  const [row] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  return row?.createdAt ?? null;
}
