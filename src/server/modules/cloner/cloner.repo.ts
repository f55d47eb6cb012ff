import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { websiteClones } from '../../db/schema/index';

export type WebsiteCloneRow = typeof websiteClones.$inferSelect;

export async function insertClone(db: Db, input: Omit<WebsiteCloneRow, 'createdAt'>): Promise<void> {
  await db.insert(websiteClones).values(input);
}

/** The member's own clone, while it is kept. */
export async function findOwnedClone(db: Db, userId: string, id: string): Promise<WebsiteCloneRow | null> {
  const rows = await db
    .select()
    .from(websiteClones)
    .where(
      and(
        eq(websiteClones.id, id),
        eq(websiteClones.userId, userId),
        gt(websiteClones.expiresAt, new Date()),
      ),
    );
  return rows[0] ?? null;
}

/** Up to `limit` expired clones (anyone's): their storage keys, rows deleted. */
export async function takeExpiredClones(db: Db, limit: number, now = new Date()): Promise<string[]> {
  const expired = await db
    .select({ id: websiteClones.id })
    .from(websiteClones)
    .where(lte(websiteClones.expiresAt, now))
    .limit(limit);
  if (expired.length === 0) return [];
  const removed = await db
    .delete(websiteClones)
    .where(
      inArray(
        websiteClones.id,
        expired.map((r) => r.id),
      ),
    )
    .returning({ storageKey: websiteClones.storageKey });
  return removed.map((r) => r.storageKey);
}
