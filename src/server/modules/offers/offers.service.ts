import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdminOfferCard, OfferDetail, offerInput } from '../../../shared/schemas/offers';
import type { z } from '../../../shared/schemas/zod';
import type { DbOrTx } from '../../db/client';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { currentUser } from '../../plugins/access';
import {
  deleteOffer,
  findOfferCreative,
  insertOffer,
  isCreativeReferenced,
  type OfferValues,
  toggleOfferVisibility,
  updateOffer,
} from './admin-offers.repo';
import { serializeOfferLinks } from './offer-links';
import { findOfferDetail, findOfferForViewer, type Viewer } from './offers.repo';

type Deps = Pick<FastifyInstance, 'db' | 'storage' | 'log'>;
type OfferInput = z.output<typeof offerInput>;

export const OFFER_NOT_FOUND = 'Oferta não encontrada';
export const INVALID_CREATIVE = 'Criativo deve ser um arquivo enviado ou uma URL http(s) válida.';

/** The signed-in reader of a member or admin route. */
export function viewerOf(request: FastifyRequest): Viewer {
  const user = currentUser(request);
  return { id: user.id, isAdmin: user.role === 'admin' };
}

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

/** POST /api/offers: the administrator publishes an offer as its author. */
export async function createOfferByAdmin(deps: Deps, admin: Viewer, input: OfferInput): Promise<OfferDetail> {
  const id = randomUUID();
  await insertOffer(deps.db, id, { ...toOfferValues(deps, input), userId: admin.id });
  return getOfferDetail(deps, admin, id);
}

/** PUT /api/offers/{id}: replaces the editable fields; the author, likes and visibility stay. */
export async function updateOfferByAdmin(
  deps: Deps,
  admin: Viewer,
  id: string,
  input: OfferInput,
): Promise<OfferDetail> {
  const values = toOfferValues(deps, input);
  const previous = await findOfferCreative(deps.db, id);
  if (!previous || !(await updateOffer(deps.db, id, values))) throw new NotFoundError(OFFER_NOT_FOUND);
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
