import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { offerStatusReports } from '../../db/schema/index';

/** Votes count as recent this many days after they were cast or changed. */
export const RECENT_VOTE_DAYS = 30;
/** Fewer recent voters than this never mark an offer. */
export const MIN_RECENT_VOTERS = 3;

/**
 * True when most of the offer's recent voters (at least MIN_RECENT_VOTERS, votes of the last RECENT_VOTE_DAYS days) say
 * it is inactive: the card says so. For a select over `offers`.
 */
export const membersSayInactive = sql<boolean>`coalesce((select count(*) >= ${sql.raw(String(MIN_RECENT_VOTERS))}
    and count(*) filter (where r.reported_status = 'inativo') * 2 > count(*)
    from offer_status_reports r where r.offer_id = "offers"."id"
     and r.updated_at > now() - interval '${sql.raw(String(RECENT_VOTE_DAYS))} days'), false)`;

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
  // The card says when most recent voters call it inactive: the catalogue caches and index of every instance re-read
  // the offer (the change feed's `offers:<id>`, delivered at commit).
  await db.execute(sql`select ce_notify_offers(array[${offerId}]::text[])`);
}
