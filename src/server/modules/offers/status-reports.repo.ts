import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { offerStatusReports } from '../../db/schema/index';

export type ReportedStatus = 'ativo' | 'inativo';

/** How many members say the offer is active or inactive, in one aggregate. */
export async function countStatusReports(db: DbOrTx, offerId: string) {
  const [row] = await db
    .select({
      ativo: sql<number>`(count(*) filter (where ${offerStatusReports.reportedStatus} = 'ativo'))::int`,
      inativo: sql<number>`(count(*) filter (where ${offerStatusReports.reportedStatus} = 'inativo'))::int`,
    })
    .from(offerStatusReports)
    .where(eq(offerStatusReports.offerId, offerId));
  return { ativo: row?.ativo ?? 0, inativo: row?.inativo ?? 0 };
}

export async function findUserStatusReport(
  db: DbOrTx,
  offerId: string,
  userId: string,
): Promise<ReportedStatus | null> {
  const [row] = await db
    .select({ reportedStatus: offerStatusReports.reportedStatus })
    .from(offerStatusReports)
    .where(and(eq(offerStatusReports.offerId, offerId), eq(offerStatusReports.userId, userId)))
    .limit(1);
  return row?.reportedStatus ?? null;
}

/** One vote per member per offer: a second vote replaces the first. */
export async function upsertStatusReport(
  db: DbOrTx,
  offerId: string,
  userId: string,
  reportedStatus: ReportedStatus,
): Promise<void> {
  await db
    .insert(offerStatusReports)
    .values({ offerId, userId, reportedStatus })
    .onConflictDoUpdate({
      target: [offerStatusReports.offerId, offerStatusReports.userId],
      set: { reportedStatus, updatedAt: sql`now()` },
    });
}
