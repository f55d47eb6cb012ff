import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pushSubscriptions } from '../../db/schema/index';

export interface StoredPushSubscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface NewPushSubscription {
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
}

/** Adds a device at a new endpoint; false (nothing written) when the endpoint is already known. */
export async function insertSubscription(tx: DbOrTx, input: NewPushSubscription): Promise<boolean> {
  const rows = await tx
    .insert(pushSubscriptions)
    .values(input)
    .onConflictDoNothing({ target: pushSubscriptions.endpoint })
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** The device at this endpoint, locked until the transaction ends (whether it may move is decided on it). */
export async function lockSubscriptionByEndpoint(
  tx: DbOrTx,
  endpoint: string,
): Promise<{ id: string; userId: string; auth: string } | undefined> {
  const [row] = await tx
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint))
    .for('update');
  return row;
}

/** The known device goes to this member with these keys and starts afresh (no past successes or failures). */
export async function replaceSubscription(tx: DbOrTx, id: string, input: NewPushSubscription): Promise<void> {
  await tx
    .update(pushSubscriptions)
    .set({
      userId: input.userId,
      p256dh: input.p256dh,
      auth: input.auth,
      userAgent: input.userAgent,
      createdAt: sql`now()`,
      lastSuccessAt: null,
      failures: 0,
    })
    .where(eq(pushSubscriptions.id, id));
}

/** Past `maxDevices`, the member's oldest devices are dropped. */
export async function dropOldestDevices(tx: DbOrTx, userId: string, maxDevices: number): Promise<void> {
  const kept = tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(maxDevices);
  await tx
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), sql`${pushSubscriptions.id} not in ${kept}`));
}

/** Removes the member's own device by its endpoint; false when they have none there. */
export async function deleteOwnSubscription(db: DbOrTx, userId: string, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

export function listSubscriptions(db: DbOrTx, userId: string): Promise<StoredPushSubscription[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}

export async function deleteSubscriptions(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}

export async function markDelivered(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: sql`now()`, failures: 0 })
    .where(inArray(pushSubscriptions.id, ids));
}

export async function markFailed(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(pushSubscriptions)
    .set({ failures: sql`${pushSubscriptions.failures} + 1` })
    .where(inArray(pushSubscriptions.id, ids));
}
