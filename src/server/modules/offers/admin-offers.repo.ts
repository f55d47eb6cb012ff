import { count, eq, type SQL, sql } from 'drizzle-orm';
import { saoPauloDay } from '../../../shared/sao-paulo-day';
import type { ADMIN_OFFER_SORTS, AdminOfferCard } from '../../../shared/schemas/offers';
import type { DbOrTx } from '../../db/client';
import { offerStatusReports, offers, userEscalatedOffers } from '../../db/schema/index';
import type { Viewer } from '../../plugins/access';
import { presentOfferCard } from './offers.presenters';
import { cardColumns, newestFirst, type OfferRow } from './offers.repo';

export type OfferValues = Omit<typeof offers.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'likeCount'>;

/** The administrator's catalogue: hidden offers included, status-vote counts from one aggregate. */
export async function listAdminOffers(
  db: DbOrTx,
  admin: Viewer,
  query: { sort: (typeof ADMIN_OFFER_SORTS)[number]; page: number; pageSize: number },
) {
  const reports = db
    .select({
      offerId: offerStatusReports.offerId,
      ativo: sql<number>`count(*) filter (where ${offerStatusReports.reportedStatus} = 'ativo')`.as('ativo'),
      inativo: sql<number>`count(*) filter (where ${offerStatusReports.reportedStatus} = 'inativo')`.as(
        'inativo',
      ),
    })
    .from(offerStatusReports)
    .groupBy(offerStatusReports.offerId)
    .as('reports');
  const ativo = sql<number>`coalesce(${reports.ativo}, 0)::int`;
  const inativo = sql<number>`coalesce(${reports.inativo}, 0)::int`;
  const order: Record<typeof query.sort, SQL[]> = {
    default: newestFirst,
    'most-inactive': [sql`${inativo} desc`, ...newestFirst],
    'most-active': [sql`${ativo} desc`, ...newestFirst],
  };
  const today = saoPauloDay();
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...cardColumns(admin.id, today), ativo, inativo })
      .from(offers)
      .leftJoin(reports, eq(reports.offerId, offers.id))
      .orderBy(...order[query.sort])
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(offers),
  ]);
  const items: AdminOfferCard[] = rows.map(({ ativo, inativo, ...card }) => ({
    ...presentOfferCard(card, today),
    statusReports: { ativo, inativo },
  }));
  return { items, total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

export async function insertOffer(db: DbOrTx, id: string, values: OfferValues): Promise<OfferRow> {
  const [row] = await db
    .insert(offers)
    .values({ id, ...values })
    .returning();
  if (!row) throw new Error('offer insert returned nothing');
  return row;
}

/** Replaces the offer's fields (updatedAt moves); undefined when there is no such offer. */
export async function updateOffer(db: DbOrTx, id: string, values: OfferValues) {
  const [row] = await db
    .update(offers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(offers.id, id))
    .returning();
  return row;
}

export async function deleteOffer(db: DbOrTx, id: string) {
  const [row] = await db.delete(offers).where(eq(offers.id, id)).returning({ creative: offers.creative });
  return row;
}

/** The offer's creative and count, its row locked for the rest of the transaction (the edit compares both). */
export async function findOfferCreative(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ creative: offers.creative, ads: offers.ads })
    .from(offers)
    .where(eq(offers.id, id))
    .for('update');
  return row;
}

/** Flips the offer's visibility; undefined when there is no such offer. */
export async function toggleOfferVisibility(db: DbOrTx, id: string) {
  const [row] = await db
    .update(offers)
    .set({ visible: sql`not ${offers.visible}`, updatedAt: sql`now()` })
    .where(eq(offers.id, id))
    .returning({ id: offers.id });
  return row;
}

/** True when an offer or a member submission still shows this creative file. */
export async function isCreativeReferenced(db: DbOrTx, url: string): Promise<boolean> {
  const rows = await db.execute(
    sql`select 1 from ${offers} where ${offers.creative} = ${url}
        union all select 1 from ${userEscalatedOffers} where ${userEscalatedOffers.creative} = ${url}
        limit 1`,
  );
  return rows.rows.length > 0;
}
