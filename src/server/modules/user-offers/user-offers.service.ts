import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  APPROVAL_POINTS,
  MY_SUBMISSIONS_LIMIT,
  type MyUserOffer,
  type UserOffer,
  type UserOfferState,
  type userOfferInput,
  type userOfferPatch,
} from '../../../shared/schemas/offers';
import type { z } from '../../../shared/schemas/zod';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { isStoredUpload, storedFileKind } from '../../lib/read-upload';
import { notifyUser } from '../notifications/notifications.repo';
import { recordTodaysAdCount } from '../offers/ad-history.service';
import { isCreativeReferenced } from '../offers/admin-offers.repo';
import { importCreativeIfRemote } from '../uploads/import-remote';
import { findUserName } from '../users/users.repo';
import {
  addUserPoints,
  findUserOffer,
  findUserOfferState,
  insertOfferFromSubmission,
  insertUserOffer,
  listPendingUserOffers,
  listSubmissionsOf,
  lockUserOffer,
  markUserOfferApproved,
  markUserOfferRefused,
  type UserOfferRow,
  type UserOfferValues,
  updatePendingUserOffer,
} from './user-offers.repo';

type Deps = Pick<FastifyInstance, 'db' | 'storage' | 'log' | 'config'>;
type UserOfferInput = z.output<typeof userOfferInput>;
type UserOfferPatch = z.output<typeof userOfferPatch>;

export const USER_OFFER_NOT_FOUND = 'Oferta não encontrada';
export const USER_OFFER_ALREADY_APPROVED = 'Oferta já aprovada';
export const USER_OFFER_ALREADY_REFUSED = 'Oferta já recusada';
export const CREATIVE_NOT_UPLOADED = 'Criativo inválido: envie o arquivo pelo upload do criativo.';
/** Where the submitter follows the review: the 'Subir Oferta' tab and its 'Minhas ofertas' list. */
export const MY_SUBMISSIONS_PATH = '/dashboard?tab=subir-oferta';
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
    advertiser: input.advertiser ?? '',
    adText: input.adText ?? '',
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
  if (patch.advertiser !== undefined) changes.advertiser = patch.advertiser;
  if (patch.adText !== undefined) changes.adText = patch.adText;
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

/** Only a pending submission may be edited, approved or refused: 404 when there is none, 409 naming its decision. */
function requirePending<T extends { state: UserOfferState }>(found: T | undefined): T {
  if (!found) throw new NotFoundError(USER_OFFER_NOT_FOUND);
  if (found.state === 'aprovada') throw new ConflictError(USER_OFFER_ALREADY_APPROVED);
  if (found.state === 'recusada') throw new ConflictError(USER_OFFER_ALREADY_REFUSED);
  return found;
}

/** A conditional update matched nothing: the submission was decided (or deleted) meanwhile. */
async function notPending(deps: Deps, id: string): Promise<never> {
  const state = await findUserOfferState(deps.db, id);
  requirePending(state && { state });
  throw new ConflictError(USER_OFFER_ALREADY_APPROVED);
}

/** POST /api/user-offers: the member's offer waits for the administrator's review. */
export async function submitUserOffer(deps: Deps, userId: string, input: UserOfferInput): Promise<string> {
  const { creative, creativeType: _clientType, ...rest } = input;
  return insertUserOffer(deps.db, userId, { ...checkedCreative(deps, creative), ...toValues(rest) });
}

/** GET /api/user-offers/mine: the member's submissions and what became of them, newest first. */
export async function listMySubmissions(deps: Deps, userId: string): Promise<MyUserOffer[]> {
  return listSubmissionsOf(deps.db, userId, MY_SUBMISSIONS_LIMIT);
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
  const previous = requirePending(await findUserOffer(deps.db, id));
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

/**
 * The advertiser shown on the catalogue card: the name the member typed, else the advertiser link's host, else
 * the submitter's name.
 */
function advertiserName(submission: UserOfferRow, submitterName: string | undefined): string {
  if (submission.advertiser.trim()) return submission.advertiser.trim();
  try {
    const host = new URL(submission.advertiserLink).hostname.replace(/^www\./, '');
    if (host) return host;
  } catch {
    // Not a URL (or empty): fall back to the submitter.
  }
  return submitterName ?? 'Membro do Clube';
}

/**
 * Approval, in one transaction: the submission becomes a visible catalogue offer with the submitter as
 * author (the typed advertiser name and ad text), is marked 'aprovada' (decidedAt, decidedBy, offerId), the
 * submitter earns 10 points and gets a notice in the bell; its count is today's point of the offer's ad-count
 * history. The row lock makes a second (or concurrent) decision answer 409.
 */
export async function approveUserOffer(deps: Deps, id: string, adminId: string): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const submission = requirePending(await lockUserOffer(tx, id));
    const offerId = randomUUID();
    const advertiser = advertiserName(submission, await findUserName(tx, submission.userId));
    await insertOfferFromSubmission(tx, offerId, submission, advertiser);
    await recordTodaysAdCount(tx, offerId, submission.ads);
    await markUserOfferApproved(tx, id, adminId, offerId);
    await addUserPoints(tx, submission.userId, APPROVAL_POINTS);
    await notifyUser(tx, submission.userId, {
      kind: 'offer-review',
      title: 'Oferta aprovada',
      description:
        `Sua oferta "${submission.productTitle}" foi aprovada e já está no catálogo de Ofertas Escaladas. ` +
        `Você ganhou ${APPROVAL_POINTS} pontos.`,
      link: MY_SUBMISSIONS_PATH,
    });
    return offerId;
  });
}

/**
 * Refusal (DELETE /api/admin/user-offers/{id}), in one transaction: the submission is kept as 'recusada' with
 * the optional reason, when and by whom, and the submitter gets a notice in the bell. Its creative stays (the
 * submission still refers to it). Only a pending submission can be refused.
 */
export async function refuseUserOffer(
  deps: Deps,
  id: string,
  adminId: string,
  reason: string | undefined,
): Promise<void> {
  const why = reason?.trim() || null;
  await deps.db.transaction(async (tx) => {
    const submission = requirePending(await lockUserOffer(tx, id));
    await markUserOfferRefused(tx, id, adminId, why);
    await notifyUser(tx, submission.userId, {
      kind: 'offer-review',
      title: 'Oferta recusada',
      description: `Sua oferta "${submission.productTitle}" foi recusada.${why ? `\nMotivo: ${why}` : ''}`,
      link: MY_SUBMISSIONS_PATH,
    });
  });
}
