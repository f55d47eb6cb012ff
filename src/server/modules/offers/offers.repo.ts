import { and, eq, inArray, type Placeholder, sql } from 'drizzle-orm';
import { saoPauloDay } from '../../../shared/sao-paulo-day';
import type { OfferDetail } from '../../../shared/schemas/offers';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { offerLikes, offers, userProfiles, users } from '../../db/schema/index';
import { toggleLike } from '../../db/toggle-like';
import type { Viewer } from '../../plugins/access';
import { historyColumns } from './ad-counts.repo';
import { presentOfferCard } from './offers.presenters';

export type { OfferHistoryRow, OfferRow } from './offers.presenters';

/**
 * Correlated subqueries name the outer offer explicitly: Drizzle writes the columns of a single-table select
 * without their table, which inside a subquery would silently bind to the subquery's own table.
 */
const OFFER_ID = sql.raw('"offers"."id"');
/** A user id, or the placeholder of a prepared statement. */
type UserParam = string | Placeholder;
export const isFavoriteOf = (userId: UserParam) =>
  sql<boolean>`exists (select 1 from favorites f where f.offer_id = ${OFFER_ID} and f.user_id = ${userId})`;

/** The viewer's like and favourite flags of an offer row, read in the same query (no query per card). */
export const viewerFlags = (viewerId: UserParam) => ({
  likedByMe: sql<boolean>`exists (select 1 from offer_likes l where l.offer_id = ${OFFER_ID} and l.user_id = ${viewerId})`,
  favoritedByMe: isFavoriteOf(viewerId),
});

/** A São Paulo day 'YYYY-MM-DD' (today: the day momentum is computed for), or a prepared statement's placeholder. */
type DayParam = string | Placeholder;

/** The columns of a card with its history's facts (for momentum on `today`) and the viewer's flags. */
export const cardColumns = (viewerId: UserParam, today: DayParam) => ({
  ...offerColumns,
  ...historyColumns(today),
  ...viewerFlags(viewerId),
});

export const offerColumns = {
  id: offers.id,
  userId: offers.userId,
  advertiser: offers.advertiser,
  creative: offers.creative,
  creativeType: offers.creativeType,
  adText: offers.adText,
  productTitle: offers.productTitle,
  status: offers.status,
  niche: offers.niche,
  format: offers.format,
  language: offers.language,
  ads: offers.ads,
  roas: offers.roas,
  ticketCents: offers.ticketCents,
  links: offers.links,
  visible: offers.visible,
  likeCount: offers.likeCount,
  createdAt: offers.createdAt,
  updatedAt: offers.updatedAt,
};

/** Visible offers, or any offer for the administrator. */
export const visibleTo = (viewer: Viewer) => (viewer.isAdmin ? undefined : eq(offers.visible, true));

/** The offer's author (for points), when the viewer may see it; undefined otherwise. */
export async function findOfferForViewer(db: DbOrTx, viewer: Viewer, offerId: string) {
  const rows = await db
    .select({ id: offers.id, userId: offers.userId })
    .from(offers)
    .where(and(eq(offers.id, offerId), visibleTo(viewer)))
    .limit(1);
  return rows[0];
}

const reportCount = (status: 'ativo' | 'inativo') =>
  sql<number>`(select count(*) from offer_status_reports r where r.offer_id = ${OFFER_ID} and r.reported_status = ${status})::int`;

const p = sql.placeholder;

/** The detail query, prepared: the viewer and the id are parameters; a member sees visible offers only. */
function buildOfferDetail(db: DbOrTx, admin: boolean) {
  return db
    .select({
      ...cardColumns(p('viewer'), p('today')),
      userName: users.name,
      userUniqueId: users.uniqueId,
      userAvatar: userProfiles.avatar,
      userInstagram: userProfiles.instagram,
      ativo: reportCount('ativo'),
      inativo: reportCount('inativo'),
      myReport: sql<
        'ativo' | 'inativo' | null
      >`(select r.reported_status from offer_status_reports r where r.offer_id = ${OFFER_ID} and r.user_id = ${p('viewer')})`,
    })
    .from(offers)
    .leftJoin(users, eq(users.id, offers.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, offers.userId))
    .where(admin ? eq(offers.id, p('id')) : and(eq(offers.id, p('id')), eq(offers.visible, true)))
    .limit(1);
}

/** The detail page: the card, its author's public fields, the status-vote counts and the viewer's own vote. */
export async function findOfferDetail(
  db: DbOrTx,
  viewer: Viewer,
  offerId: string,
): Promise<OfferDetail | undefined> {
  const admin = viewer.isAdmin;
  const detail = prepared(db, admin ? 'offer_detail_admin' : 'offer_detail_member', (name) =>
    buildOfferDetail(db, admin).prepare(name),
  );
  const today = saoPauloDay();
  const rows = await detail.execute({ viewer: viewer.id, id: offerId, today });
  const row = rows[0];
  if (!row) return undefined;
  const { userName, userUniqueId, userAvatar, userInstagram, ativo, inativo, myReport, ...card } = row;
  return {
    ...presentOfferCard(card, today),
    userName,
    userUniqueId,
    userAvatar,
    userInstagram,
    statusReports: { ativo, inativo },
    myReport,
  };
}

// "desc nulls last" matches the (visible, column desc nulls last) indexes of migration 0001. Ties go by id in byte
// order (collate "C"), whatever the database's locale: the order the in-memory catalogue index uses too.
export const newestFirst = [sql`${offers.createdAt} desc nulls last`, sql`${offers.id} collate "C" desc`];

/** Like counts of visible offers: the given ids, or every visible offer (capped). */
export async function listLikeCounts(db: DbOrTx, ids: string[] | undefined, cap: number) {
  const rows = await db
    .select({ id: offers.id, likeCount: offers.likeCount })
    .from(offers)
    .where(and(eq(offers.visible, true), ids ? inArray(offers.id, ids) : undefined))
    .orderBy(...newestFirst)
    .limit(cap);
  return Object.fromEntries(rows.map((r) => [r.id, r.likeCount]));
}

/** Ids of the visible offers the member liked, newest like first. */
export async function listLikedOfferIds(db: DbOrTx, userId: string, cap: number): Promise<string[]> {
  const rows = await db
    .select({ id: offerLikes.offerId })
    .from(offerLikes)
    .innerJoin(offers, eq(offers.id, offerLikes.offerId))
    .where(and(eq(offerLikes.userId, userId), eq(offers.visible, true)))
    .orderBy(sql`${offerLikes.createdAt} desc`)
    .limit(cap);
  return rows.map((r) => r.id);
}

/**
 * The viewer's like on an offer toggled (db/toggle-like.ts: one statement; a like from someone else gives the
 * author a point). A member may like what they may see: visible offers, any offer for the administrator.
 * Undefined when there is no such offer.
 */
export function toggleOfferLikeRow(db: DbOrTx, viewer: Viewer, offerId: string) {
  const likeable = sql`visible or ${viewer.isAdmin}`;
  const target = { table: 'offers', likes: 'offer_likes', key: 'offer_id', likeable, pointsPerLike: 1 };
  return toggleLike(db, target, viewer.id, offerId);
}
