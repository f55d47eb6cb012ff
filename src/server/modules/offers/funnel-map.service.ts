import { saoPauloDay } from '../../../shared/sao-paulo-day';
import type { FunnelMap } from '../../../shared/schemas/funnel';
import { SLUG_CHECK_COST_CENTS } from '../../../shared/schemas/slug-checker';
import { AppError, NotFoundError } from '../../lib/errors';
import { tryMemberLock } from '../../lib/member-lock';
import { toViewer } from '../../plugins/access';
import type { SessionUser } from '../../plugins/session';
import { prepareSlugCheck, runSlugCheck, type SlugCheckerDeps } from '../slug-checker/slug-checker.service';
import { findFunnelMapOfDay, findLatestFunnelMap, insertFunnelMapFromScan } from './funnel-map.repo';
import { presentFunnelMap } from './offers.presenters';
import { getOfferDetail } from './offers.service';

export const NO_FUNNEL_MAP = 'Ninguém mapeou o funil desta oferta ainda.';
export const OFFER_WITHOUT_SITE = 'Esta oferta não tem link do site para mapear o funil.';
export const FUNNEL_MAP_RUNNING =
  'O funil desta oferta está sendo mapeado agora por outro membro. O mapa aparece aqui em instantes, sem custo.';

/** GET /api/offers/{id}/funnel-map: the offer's latest map, or 404 when nobody mapped it (or the offer is hidden). */
export async function getOfferFunnelMap(
  deps: Pick<SlugCheckerDeps, 'db'>,
  user: SessionUser,
  offerId: string,
) {
  await getOfferDetail(deps, toViewer(user), offerId);
  const row = await findLatestFunnelMap(deps.db, offerId);
  if (!row) throw new NotFoundError(NO_FUNNEL_MAP);
  return presentFunnelMap(row);
}

/** The address to scan from the offer's site link: scheme, host and path (the path becomes the scan's base page). */
function siteToScan(link: string): string | undefined {
  if (!link.trim()) return undefined;
  try {
    const url = new URL(/^https?:\/\//i.test(link.trim()) ? link.trim() : `https://${link.trim()}`);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return undefined;
  }
}

export type MapOfferOutcome = { status: 200; map: FunnelMap } | { status: 202; message: string };

/**
 * POST /api/offers/{id}/funnel-map: scans the offer's site link as any scan (R$ 1,00 from the member's balance, free
 * for the administrator; one scan at a time per member) and keeps the funnel on the offer for every member. At most
 * one map per offer and São Paulo day: a map of today is returned as it is, charging nobody; while another member's
 * map of the offer runs (a cluster-wide lock per offer), 202 and its map is read with GET.
 */
export async function mapOfferFunnel(
  deps: SlugCheckerDeps,
  user: SessionUser,
  offerId: string,
  signal?: AbortSignal,
): Promise<MapOfferOutcome> {
  const viewer = toViewer(user);
  const detail = await getOfferDetail(deps, viewer, offerId);
  const today = saoPauloDay();
  const existing = await findFunnelMapOfDay(deps.db, offerId, today);
  if (existing) return { status: 200, map: presentFunnelMap(existing) };
  const domain = siteToScan(detail.links.site ?? '');
  if (!domain) throw new AppError(422, OFFER_WITHOUT_SITE);

  const lock = await tryMemberLock(deps, 'funnel_map', offerId);
  if (!lock) return { status: 202, message: FUNNEL_MAP_RUNNING };
  try {
    // Another member's map may have ended between the first look and the lock.
    const done = await findFunnelMapOfDay(deps.db, offerId, today);
    if (done) return { status: 200, map: presentFunnelMap(done) };
    const scan = await prepareSlugCheck(deps, user.id, { domain }, signal, {
      costCents: viewer.isAdmin ? 0 : SLUG_CHECK_COST_CENTS,
    });
    const body = await runSlugCheck(deps, scan, {}, signal);
    // The member went away and the scan stopped early: a partial map is not kept as the offer's map of the day.
    if (signal?.aborted) return { status: 202, message: FUNNEL_MAP_RUNNING };
    const row =
      (await insertFunnelMapFromScan(deps.db, {
        offerId,
        mappedBy: user.id,
        mappedByName: user.name,
        day: today,
        scanId: body.scanId,
      })) ?? (await findFunnelMapOfDay(deps.db, offerId, today));
    if (!row) throw new NotFoundError(NO_FUNNEL_MAP);
    return { status: 200, map: presentFunnelMap(row) };
  } finally {
    await lock.release();
  }
}
