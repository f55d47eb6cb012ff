import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { MyUserOffer, UserOffer } from '../../../shared/schemas/offers';
import type { DbOrTx } from '../../db/client';
import { offers, userEscalatedOffers, userProfiles, users } from '../../db/schema/index';
import { presentMyUserOffer, presentUserOffer, type UserOfferRow } from './user-offers.presenters';

export type { UserOfferRow } from './user-offers.presenters';

/** The editable fields of a submission as stored (ticket in cents). */
export type UserOfferValues = Omit<
  typeof userEscalatedOffers.$inferInsert,
  'id' | 'userId' | 'state' | 'refusalReason' | 'createdAt' | 'decidedAt' | 'decidedBy' | 'offerId'
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
    .where(eq(userEscalatedOffers.state, 'pendente'))
    .orderBy(asc(userEscalatedOffers.createdAt), asc(userEscalatedOffers.id))
    .limit(limit);
  return rows.map(presentUserOffer);
}

/** The member's own submissions, newest first, with the review's outcome ('Minhas ofertas'). */
export async function listSubmissionsOf(db: DbOrTx, userId: string, limit: number): Promise<MyUserOffer[]> {
  const rows = await db
    .select({
      id: userEscalatedOffers.id,
      productTitle: userEscalatedOffers.productTitle,
      state: userEscalatedOffers.state,
      reason: userEscalatedOffers.refusalReason,
      createdAt: userEscalatedOffers.createdAt,
      decidedAt: userEscalatedOffers.decidedAt,
      offerId: userEscalatedOffers.offerId,
    })
    .from(userEscalatedOffers)
    .where(eq(userEscalatedOffers.userId, userId))
    .orderBy(desc(userEscalatedOffers.createdAt), desc(userEscalatedOffers.id))
    .limit(limit);
  return rows.map(presentMyUserOffer);
}

export async function findUserOffer(db: DbOrTx, id: string): Promise<UserOffer | undefined> {
  const rows = await selectWithAuthor(db).where(eq(userEscalatedOffers.id, id)).limit(1);
  return rows[0] && presentUserOffer(rows[0]);
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
    .where(and(eq(userEscalatedOffers.id, id), eq(userEscalatedOffers.state, 'pendente')))
    .returning({ id: userEscalatedOffers.id });
  return rows.length > 0;
}

/** The submission's state; undefined when there is none. */
export async function findUserOfferState(db: DbOrTx, id: string) {
  const rows = await db
    .select({ state: userEscalatedOffers.state })
    .from(userEscalatedOffers)
    .where(eq(userEscalatedOffers.id, id))
    .limit(1);
  return rows[0]?.state;
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
    adText: submission.adText,
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
    .set({ state: 'aprovada', decidedAt: sql`now()`, decidedBy: adminId, offerId })
    .where(eq(userEscalatedOffers.id, id));
}

/** Marks the submission refused, keeping it (and its creative) with the reason, when and by whom. */
export async function markUserOfferRefused(tx: DbOrTx, id: string, adminId: string, reason: string | null) {
  await tx
    .update(userEscalatedOffers)
    .set({ state: 'recusada', refusalReason: reason, decidedAt: sql`now()`, decidedBy: adminId })
    .where(eq(userEscalatedOffers.id, id));
}

export async function addUserPoints(tx: DbOrTx, userId: string, points: number) {
  await tx
    .update(users)
    .set({ points: sql`${users.points} + ${points}` })
    .where(eq(users.id, userId));
}
