import type { MyUserOffer, UserOffer } from '../../../shared/schemas/offers';
import type { userEscalatedOffers } from '../../db/schema/index';

export type UserOfferRow = typeof userEscalatedOffers.$inferSelect;

export function presentUserOffer({
  row,
  author,
}: {
  row: UserOfferRow;
  author: UserOffer['author'];
}): UserOffer {
  return {
    id: row.id,
    userId: row.userId,
    creative: row.creative,
    creativeType: row.creativeType,
    productTitle: row.productTitle,
    advertiser: row.advertiser,
    adText: row.adText,
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
    state: row.state,
    reason: row.refusalReason,
    isApproved: row.state === 'aprovada',
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    approvedAt: row.state === 'aprovada' ? (row.decidedAt?.toISOString() ?? null) : null,
    offerId: row.offerId,
    author,
  };
}

/** A submission in the member's own list ('Minhas ofertas'), with the review's outcome. */
export function presentMyUserOffer(
  row: Pick<UserOfferRow, 'id' | 'productTitle' | 'state' | 'createdAt' | 'decidedAt' | 'offerId'> & {
    reason: string | null;
  },
): MyUserOffer {
  return {
    id: row.id,
    productTitle: row.productTitle,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    ...(row.reason ? { reason: row.reason } : {}),
    ...(row.decidedAt ? { decidedAt: row.decidedAt.toISOString() } : {}),
    ...(row.offerId && row.state === 'aprovada' ? { offerId: row.offerId } : {}),
  };
}
