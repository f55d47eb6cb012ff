import { and, asc, eq, sql } from 'drizzle-orm';
import type { UserOffer } from '../../../shared/schemas/offers';
import type { DbOrTx } from '../../db/client';
import { offers, userEscalatedOffers, userProfiles, users } from '../../db/schema/index';

export type UserOfferRow = typeof userEscalatedOffers.$inferSelect;
/** The editable fields of a submission as stored (ticket in cents). */
export type UserOfferValues = Omit<
  typeof userEscalatedOffers.$inferInsert,
  'id' | 'userId' | 'isApproved' | 'createdAt' | 'approvedAt' | 'approvedBy' | 'offerId'
>;

const columns = {
  row: userEscalatedOffers,
  author: {
    id: users.id,
    name: users.name,
    uniqueId: users.uniqueId,
    avatar: userProfiles.avatar,
    instagram: userProfiles.instagram,
  },
};

function toUserOffer({ row, author }: { row: UserOfferRow; author: UserOffer['author'] }): UserOffer {
  return {
    id: row.id,
    userId: row.userId,
    creative: row.creative,
    creativeType: row.creativeType,
    productTitle: row.productTitle,
    advertiserLink: row.advertiserLink,
    creativeLink: row.creativeLink,
    libraryLink: row.libraryLink,
    siteLink: row.siteLink,
    status: row.status,
    format: row.format,
    language: row.language,
    niche: row.niche,
    ads: row.ads,
    roas: row.roas,
    ticket: row.ticketCents / 100,
    isApproved: row.isApproved,
    createdAt: row.createdAt.toISOString(),
    approvedAt: row.approvedAt?.toISOString() ?? null,
    author,
  };
}

function selectWithAuthor(db: DbOrTx) {
  return db
    .select(columns)
    .from(userEscalatedOffers)
    .innerJoin(users, eq(users.id, userEscalatedOffers.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, userEscalatedOffers.userId));
}

export async function insertUserOffer(db: DbOrTx, userId: string, values: UserOfferValues): Promise<string> {
  const [row] = await db
    .insert(userEscalatedOffers)
    .values({ ...values, userId })
    .returning({ id: userEscalatedOffers.id });
  if (!row) throw new Error('user offer insert returned nothing');
  return row.id;
}

/** Pending submissions with their authors, oldest first (the admin's 'Ofertas Usuários' tab). */
export async function listPendingUserOffers(db: DbOrTx, limit: number): Promise<UserOffer[]> {
  const rows = await selectWithAuthor(db)
    .where(eq(userEscalatedOffers.isApproved, false))
    .orderBy(asc(userEscalatedOffers.createdAt), asc(userEscalatedOffers.id))
    .limit(limit);
  return rows.map(toUserOffer);
}

export async function findUserOffer(db: DbOrTx, id: string): Promise<UserOffer | undefined> {
  const rows = await selectWithAuthor(db).where(eq(userEscalatedOffers.id, id)).limit(1);
  return rows[0] && toUserOffer(rows[0]);
}

/** The submission row, locked until the transaction ends (approval and edits serialise on it). */
export async function lockUserOffer(tx: DbOrTx, id: string): Promise<UserOfferRow | undefined> {
  const rows = await tx
    .select()
    .from(userEscalatedOffers)
    .where(eq(userEscalatedOffers.id, id))
    .for('update');
  return rows[0];
}

/** Changes a pending submission; false when it is not pending (or does not exist). */
export async function updatePendingUserOffer(
  db: DbOrTx,
  id: string,
  changes: Partial<UserOfferValues>,
): Promise<boolean> {
  const rows = await db
    .update(userEscalatedOffers)
    .set(changes)
    .where(and(eq(userEscalatedOffers.id, id), eq(userEscalatedOffers.isApproved, false)))
    .returning({ id: userEscalatedOffers.id });
  return rows.length > 0;
}

/** Deletes a pending submission and returns it; undefined when it is not pending (or does not exist). */
export async function deletePendingUserOffer(db: DbOrTx, id: string): Promise<UserOfferRow | undefined> {
  const rows = await db
    .delete(userEscalatedOffers)
    .where(and(eq(userEscalatedOffers.id, id), eq(userEscalatedOffers.isApproved, false)))
    .returning();
  return rows[0];
}

export async function userOfferExists(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: userEscalatedOffers.id })
    .from(userEscalatedOffers)
    .where(eq(userEscalatedOffers.id, id))
    .limit(1);
  return rows.length > 0;
}

/**
 * The catalogue offer an approved submission becomes: visible, created now, the submitter as author,
 * links as JSON text {criativo, biblioteca, site, anunciante}.
 */
export async function insertOfferFromSubmission(
  tx: DbOrTx,
  offerId: string,
  submission: UserOfferRow,
  advertiser: string,
): Promise<void> {
  const link = (value: string) => value.trim() || null;
  await tx.insert(offers).values({
    id: offerId,
    userId: submission.userId,
    advertiser,
    creative: submission.creative,
    creativeType: submission.creativeType,
    adText: '',
    productTitle: submission.productTitle,
    status: submission.status,
    niche: submission.niche,
    format: submission.format,
    language: submission.language,
    ads: submission.ads,
    roas: submission.roas,
    ticketCents: submission.ticketCents,
    links: JSON.stringify({
      criativo: link(submission.creativeLink),
      biblioteca: link(submission.libraryLink),
      site: link(submission.siteLink),
      anunciante: link(submission.advertiserLink),
    }),
    visible: true,
  });
}

export async function markUserOfferApproved(tx: DbOrTx, id: string, adminId: string, offerId: string) {
  await tx
    .update(userEscalatedOffers)
    .set({ isApproved: true, approvedAt: sql`now()`, approvedBy: adminId, offerId })
    .where(eq(userEscalatedOffers.id, id));
}

export async function addUserPoints(tx: DbOrTx, userId: string, points: number) {
  await tx
    .update(users)
    .set({ points: sql`${users.points} + ${points}` })
    .where(eq(users.id, userId));
}

export async function findUserName(tx: DbOrTx, userId: string): Promise<string | undefined> {
  const rows = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.name;
}
