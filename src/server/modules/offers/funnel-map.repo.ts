import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { offerFunnelMaps, slugScans } from '../../db/schema/index';

export type OfferFunnelMapRow = typeof offerFunnelMaps.$inferSelect;

/** The offer's latest map (its map), or undefined. */
export async function findLatestFunnelMap(
  db: DbOrTx,
  offerId: string,
): Promise<OfferFunnelMapRow | undefined> {
  const rows = await db
    .select()
    .from(offerFunnelMaps)
    .where(eq(offerFunnelMaps.offerId, offerId))
    .orderBy(desc(offerFunnelMaps.mappedAt))
    .limit(1);
  return rows[0];
}

/** The offer's map of a São Paulo day ('YYYY-MM-DD'), or undefined. */
export async function findFunnelMapOfDay(
  db: DbOrTx,
  offerId: string,
  day: string,
): Promise<OfferFunnelMapRow | undefined> {
  const rows = await db
    .select()
    .from(offerFunnelMaps)
    .where(and(eq(offerFunnelMaps.offerId, offerId), eq(offerFunnelMaps.day, day)))
    .limit(1);
  return rows[0];
}

/**
 * Keeps a finished scan's funnel on the offer: copied from the scan's row as it is at that moment (its pictures may
 * already be there; if not, storeScanFunnel copies them here when they are; the scan's row is read FOR SHARE, so a
storeScanFunnel in progress is waited for and its pictures copied). A map of that offer and day that
 * exists already wins (undefined is returned then).
 */
export async function insertFunnelMapFromScan(
  db: DbOrTx,
  input: { offerId: string; mappedBy: string; mappedByName: string; day: string; scanId: string },
): Promise<OfferFunnelMapRow | undefined> {
  const rows = await db
    .insert(offerFunnelMaps)
    .select(
      db
        .select({
          id: sql`gen_random_uuid()`.as('id'),
          offerId: sql`${input.offerId}`.as('offer_id'),
          mappedBy: sql`${input.mappedBy}::uuid`.as('mapped_by'),
          mappedByName: sql`${input.mappedByName}`.as('mapped_by_name'),
          mappedAt: sql`now()`.as('mapped_at'),
          day: sql`${input.day}::date`.as('day'),
          domain: slugScans.domain,
          funnel: sql`coalesce(${slugScans.funnel}, '[]'::jsonb)`.as('funnel'),
          screenshotsPending: slugScans.funnelScreenshotsPending,
          scanId: slugScans.id,
        })
        .from(slugScans)
        .where(eq(slugScans.id, input.scanId))
        // Waits for a storeScanFunnel that is writing the pictures (and reads them): without it, the map could copy
        // the scan without its pictures after storeScanFunnel had already updated the (not yet existing) maps.
        .for('share'),
    )
    .onConflictDoNothing()
    .returning();
  return rows[0];
}
