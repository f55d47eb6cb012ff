import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { saoPauloDay } from '../../../shared/sao-paulo-day';
import type { AdminOfferCard, OfferDetail, offerInput } from '../../../shared/schemas/offers';
import type { z } from '../../../shared/schemas/zod';
import type { DbOrTx } from '../../db/client';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { Viewer } from '../../plugins/access';
import { upsertAdCount } from './ad-counts.repo';
import {
  deleteOffer,
  findOfferCreative,
  insertOffer,
  isCreativeReferenced,
  listAdminOffers,
  type OfferValues,
  toggleOfferVisibility,
  updateOffer,
} from './admin-offers.repo';
import { alertFactsOf, alertFollowers } from './offer-alerts.service';
import { serializeOfferLinks } from './offer-links';
import { findOfferDetail, findOfferForViewer } from './offers.repo';

type Deps = Pick<FastifyInstance, 'db' | 'storage' | 'log'>;
type OfferInput = z.output<typeof offerInput>;

export const OFFER_NOT_FOUND = 'Oferta não encontrada';
export const INVALID_CREATIVE = 'Criativo deve ser um arquivo enviado ou uma URL http(s) válida.';

/** The offer (id and author) when the viewer may see it; 404 'Oferta não encontrada' otherwise. */
export async function requireOffer(db: DbOrTx, viewer: Viewer, id: string) {
  const offer = await findOfferForViewer(db, viewer, id);
  if (!offer) throw new NotFoundError(OFFER_NOT_FOUND);
  return offer;
}

/** The detail the viewer may see, or 404 'Oferta não encontrada' (missing, or hidden from a member). */
export async function getOfferDetail(
  deps: Pick<Deps, 'db'>,
  viewer: Viewer,
  id: string,
): Promise<OfferDetail> {
  const detail = await findOfferDetail(deps.db, viewer, id);
  if (!detail) throw new NotFoundError(OFFER_NOT_FOUND);
  return detail;
}

/** A creative this app stored (never an avatar or a banner file, which other rows own). */
const isStoredCreative = (deps: Deps, url: string) =>
  deps.storage.owns(url) && /\/creatives\/[^/]+$/.test(url);

/** Admin form values as stored: ticket in cents, links as normalised JSON text, creative a safe URL. */
function toOfferValues(deps: Deps, input: OfferInput): OfferValues {
  const creative = input.creative?.trim() || null;
  if (creative && !isStoredCreative(deps, creative) && !/^https?:\/\/\S+$/i.test(creative)) {
    throw new ValidationError(INVALID_CREATIVE);
  }
  return {
    productTitle: input.productTitle,
    advertiser: input.advertiser,
    adText: input.adText,
    creative,
    creativeType: input.creativeType,
    status: input.status,
    niche: input.niche,
    format: input.format,
    language: input.language,
    ads: input.ads,
    roas: Math.round(input.roas * 100) / 100,
    ticketCents: Math.round(input.ticket * 100),
    links: serializeOfferLinks(input.links),
  };
}

/** Removes a stored creative file once no offer or submission shows it any more. */
async function releaseCreative(deps: Deps, url: string | null | undefined) {
  if (!url || !isStoredCreative(deps, url) || (await isCreativeReferenced(deps.db, url))) return;
  await deps.storage.remove(url).catch((err) => deps.log.warn({ err }, 'criativo antigo não removido'));
}

/**
 * POST /api/offers: the administrator publishes an offer as its author; its count is today's point of its ad-count
 * history, in the same transaction.
 */
export async function createOfferByAdmin(deps: Deps, admin: Viewer, input: OfferInput): Promise<OfferDetail> {
  const id = randomUUID();
  const values = toOfferValues(deps, input);
  await deps.db.transaction(async (tx) => {
    await insertOffer(tx, id, { ...values, userId: admin.id });
    await upsertAdCount(tx, id, saoPauloDay(), values.ads ?? 0);
  });
  return getOfferDetail(deps, admin, id);
}

/**
 * PUT /api/offers/{id}: replaces the editable fields; the author, likes and visibility stay. A changed count is
 * today's point of the ad-count history (same transaction; today is the latest day, so `ads` stays its latest point).
 */
export async function updateOfferByAdmin(
  deps: Deps,
  admin: Viewer,
  id: string,
  input: OfferInput,
): Promise<OfferDetail> {
  const values = toOfferValues(deps, input);
  const previous = await deps.db.transaction(async (tx) => {
    const before = await findOfferCreative(tx, id);
    const alertsBefore = before && values.ads !== before.ads ? await alertFactsOf(tx, id) : undefined;
    if (!before || !(await updateOffer(tx, id, values))) throw new NotFoundError(OFFER_NOT_FOUND);
    if (values.ads !== undefined && values.ads !== before.ads) {
      await upsertAdCount(tx, id, saoPauloDay(), values.ads);
      await alertFollowers(tx, id, values.productTitle, alertsBefore);
    }
    return before;
  });
  if (previous.creative !== values.creative) await releaseCreative(deps, previous.creative);
  return getOfferDetail(deps, admin, id);
}

export async function deleteOfferByAdmin(deps: Deps, id: string): Promise<void> {
  const deleted = await deleteOffer(deps.db, id);
  if (!deleted) throw new NotFoundError(OFFER_NOT_FOUND);
  await releaseCreative(deps, deleted.creative);
}

/** Ocultar/Mostrar: flips visibility and answers the admin card. */
export async function toggleVisibilityByAdmin(
  deps: Deps,
  admin: Viewer,
  id: string,
): Promise<AdminOfferCard> {
  if (!(await toggleOfferVisibility(deps.db, id))) throw new NotFoundError(OFFER_NOT_FOUND);
  const { userName, userUniqueId, userAvatar, userInstagram, myReport, ...card } = await getOfferDetail(
    deps,
    admin,
    id,
  );
  return card;
}

/** The administrator's catalogue: hidden offers included, with the status-vote counts. */
export function listOffersForAdmin(db: DbOrTx, admin: Viewer, query: Parameters<typeof listAdminOffers>[2]) {
  return listAdminOffers(db, admin, query);
}
