import { eq } from 'drizzle-orm';
import type { FunnelEntry } from '../../../shared/schemas/funnel';
import type { DbOrTx } from '../../db/client';
import { offerFunnelMaps, slugScans } from '../../db/schema/index';

/** A scan's funnel with its pictures: on the scan and on every offer map made from it, at once. */
export async function storeScanFunnel(db: DbOrTx, scanId: string, funnel: FunnelEntry[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(slugScans)
      .set({ funnel, funnelScreenshotsPending: false })
      .where(eq(slugScans.id, scanId));
    await tx
      .update(offerFunnelMaps)
      .set({ funnel, screenshotsPending: false })
      .where(eq(offerFunnelMaps.scanId, scanId));
  });
}
