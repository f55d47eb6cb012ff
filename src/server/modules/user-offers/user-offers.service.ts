import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { UserOffer, userOfferInput, userOfferPatch } from '../../../shared/schemas/offers';
import type { z } from '../../../shared/schemas/zod';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { isStoredUpload, storedFileKind } from '../../lib/read-upload';
import { isCreativeReferenced } from '../offers/admin-offers.repo';
import { importCreativeIfRemote } from '../uploads/import-remote';
import {
  addUserPoints,
  deletePendingUserOffer,
  findUserName,
  findUserOffer,
  insertOfferFromSubmission,
  insertUserOffer,
  listPendingUserOffers,
  lockUserOffer,
  markUserOfferApproved,
  type UserOfferValues,
  updatePendingUserOffer,
  userOfferExists,
} from './user-offers.repo';

type Deps = Pick<FastifyInstance, 'db' | 'storage' | 'log' | 'config'>;
type UserOfferInput = z.output<typeof userOfferInput>;
type UserOfferPatch = z.output<typeof userOfferPatch>;

export const USER_OFFER_NOT_FOUND = 'Oferta não encontrada';
export const USER_OFFER_ALREADY_APPROVED = 'Oferta já aprovada';
export const CREATIVE_NOT_UPLOADED = 'Criativo inválido: envie o arquivo pelo upload do criativo.';
/** Points the submitter earns when the administrator approves the offer (spec 01 §9). */
export const APPROVAL_POINTS = 10;
/** The pending list is a review queue; more than this is never shown at once. */
const PENDING_LIST_CAP = 500;

/** A creative must be a file this app stored as a creative; its kind comes from the stored file. */
function checkedCreative(deps: Deps, url: string) {
  if (!isStoredUpload(deps.storage, url, 'creatives')) throw new ValidationError(CREATIVE_NOT_UPLOADED);
  return { creative: url, creativeType: storedFileKind(url) };
}

/** The submission fields as stored: ticket in cents, ROAS at two decimals, links '' when absent. */
function toValues(
  input: Omit<UserOfferInput, 'creative' | 'creativeType'>,
): Omit<UserOfferValues, 'creative' | 'creativeType'> {
  return {
    productTitle: input.productTitle,
    advertiserLink: input.advertiserLink ?? '',
    creativeLink: input.creativeLink ?? '',
    libraryLink: input.libraryLink ?? '',
    siteLink: input.siteLink ?? '',
    status: input.status,
    format: input.format,
    language: input.language,
    niche: input.niche,
    ads: Math.round(input.ads),
    roas: Math.round(input.roas * 100) / 100,
    ticketCents: Math.round(input.ticket * 100),
  };
}

/** Only the fields the PATCH carries, in stored form. */
function toChanges(patch: Omit<UserOfferPatch, 'creative' | 'creativeType'>): Partial<UserOfferValues> {
  const changes: Partial<UserOfferValues> = {};
  if (patch.productTitle !== undefined) changes.productTitle = patch.productTitle;
  if (patch.advertiserLink !== undefined) changes.advertiserLink = patch.advertiserLink;
  if (patch.creativeLink !== undefined) changes.creativeLink = patch.creativeLink;
  if (patch.libraryLink !== undefined) changes.libraryLink = patch.libraryLink;
  if (patch.siteLink !== undefined) changes.siteLink = patch.siteLink;
  if (patch.status !== undefined) changes.status = patch.status;
  if (patch.format !== undefined) changes.format = patch.format;
  if (patch.language !== undefined) changes.language = patch.language;
  if (patch.niche !== undefined) changes.niche = patch.niche;
  if (patch.ads !== undefined) changes.ads = Math.round(patch.ads);
  if (patch.roas !== undefined) changes.roas = Math.round(patch.roas * 100) / 100;
  if (patch.ticket !== undefined) changes.ticketCents = Math.round(patch.ticket * 100);
  return changes;
}

/** Removes a stored creative once no offer or submission shows it any more. */
async function releaseCreative(deps: Deps, url: string | null) {
  if (!url || !deps.storage.owns(url) || (await isCreativeReferenced(deps.db, url))) return;
  await deps.storage.remove(url).catch((err) => deps.log.warn({ err }, 'criativo não removido'));
}

/** 409 when the submission exists but is no longer pending, 404 when there is none. */
async function notPending(deps: Deps, id: string): Promise<never> {
  if (await userOfferExists(deps.db, id)) throw new ConflictError(USER_OFFER_ALREADY_APPROVED);
  throw new NotFoundError(USER_OFFER_NOT_FOUND);
}

/** POST /api/user-offers: the member's offer waits for the administrator's review. */
export async function submitUserOffer(deps: Deps, userId: string, input: UserOfferInput): Promise<string> {
  const { creative, creativeType: _clientType, ...rest } = input;
  return insertUserOffer(deps.db, userId, { ...checkedCreative(deps, creative), ...toValues(rest) });
}

export async function listPendingForAdmin(deps: Deps): Promise<UserOffer[]> {
  return listPendingUserOffers(deps.db, PENDING_LIST_CAP);
}

export async function getUserOfferForAdmin(deps: Deps, id: string): Promise<UserOffer> {
  const found = await findUserOffer(deps.db, id);
  if (!found) throw new NotFoundError(USER_OFFER_NOT_FOUND);
  return found;
}

/**
 * PATCH: edits a pending submission; a replaced creative file is removed when nothing else shows it. The
 * administrator may give a creative URL on another host: it is downloaded into storage first (members
 * submitting offers must upload the file).
 */
export async function editUserOffer(deps: Deps, id: string, patch: UserOfferPatch): Promise<UserOffer> {
  const { creative, creativeType: _clientType, ...rest } = patch;
  const changes = toChanges(rest);
  const previous = await findUserOffer(deps.db, id);
  if (!previous) throw new NotFoundError(USER_OFFER_NOT_FOUND);
  if (previous.isApproved) throw new ConflictError(USER_OFFER_ALREADY_APPROVED);
  let imported: string | undefined;
  if (creative !== undefined && creative !== previous.creative) {
    const remote = await importCreativeIfRemote(deps, creative);
    if (remote?.imported) imported = remote.url;
    Object.assign(changes, checkedCreative(deps, remote?.url ?? creative));
  }
  try {
    if (Object.keys(changes).length > 0 && !(await updatePendingUserOffer(deps.db, id, changes))) {
      return await notPending(deps, id);
    }
  } catch (err) {
    if (imported) await deps.storage.remove(imported).catch(() => {});
    throw err;
  }
  if (changes.creative) await releaseCreative(deps, previous.creative);
  return getUserOfferForAdmin(deps, id);
}

/** The advertiser shown on the catalogue card: the advertiser link's host, else the submitter's name. */
function advertiserName(advertiserLink: string, submitterName: string | undefined): string {
  try {
    const host = new URL(advertiserLink).hostname.replace(/^www\./, '');
    if (host) return host;
  } catch {
    // Not a URL (or empty): fall back to the submitter.
  }
  return submitterName ?? 'Membro do Clube';
}

/**
 * Approval, in one transaction: the submission becomes a visible catalogue offer with the submitter as
 * author, is marked approved (approvedAt, approvedBy, offerId) and the submitter earns 10 points. The row
 * lock makes a second (or concurrent) approval answer 409.
 */
export async function approveUserOffer(deps: Deps, id: string, adminId: string): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const submission = await lockUserOffer(tx, id);
    if (!submission) throw new NotFoundError(USER_OFFER_NOT_FOUND);
    if (submission.isApproved) throw new ConflictError(USER_OFFER_ALREADY_APPROVED);
    const offerId = randomUUID();
    const advertiser = advertiserName(submission.advertiserLink, await findUserName(tx, submission.userId));
    await insertOfferFromSubmission(tx, offerId, submission, advertiser);
    await markUserOfferApproved(tx, id, adminId, offerId);
    await addUserPoints(tx, submission.userId, APPROVAL_POINTS);
    return offerId;
  });
}

/** Rejection deletes the pending submission and its creative file (unless an offer still shows it). */
export async function rejectUserOffer(deps: Deps, id: string): Promise<void> {
  const deleted = await deletePendingUserOffer(deps.db, id);
  if (!deleted) return notPending(deps, id);
  await releaseCreative(deps, deleted.creative);
}
