import type { QueryClient } from '@tanstack/react-query';
import { CATALOGUE_FILTER_PARAMS } from '../../shared/first-screen';
import type { ActiveBanner, OfferPage } from '../../shared/schemas/offers';
import { BANNER_STALE_MS, OFFERS_STALE_MS, type OfferFilters, offerKeys } from '../features/offers/api/keys';
import { activeBannerKey, fetchActiveBanner } from '../features/offers/api/use-active-banner';
import { offersPath } from '../features/offers/api/use-offers';
import { api } from '../lib/api-client';
import { peekDashboardTab } from '../lib/dashboard-tab';
import { holdIdleAfterLoad, releaseIdleAfterLoad } from '../lib/idle-after-load';

const CATALOGUE_TAB = 'ofertas-escaladas';
/** What useOfferFilters() returns for a query string without filters: the catalogue's first query key. */
const NO_FILTERS: OfferFilters = {
  search: undefined,
  status: undefined,
  niche: undefined,
  format: undefined,
  language: undefined,
  ticket: undefined,
  sort: 'recent',
};

/**
 * True when the dashboard will open on the catalogue tab: the first tab set among ?tab=, the one-shot request
 * and the stored tab, or the default. Any doubt (another id, even an unusable one) answers false: a missed
 * head start, never a wasted request.
 */
function opensOnCatalogue(search: string): boolean {
  const tab = peekDashboardTab(search);
  return tab === null || tab === CATALOGUE_TAB;
}

let firstPage: Promise<OfferPage> | undefined;
let banner: Promise<ActiveBanner> | undefined;

/**
 * Issue #13: the dashboard's largest paint is the first offer card, which waited for the session check, the
 * route and tab code and only then GET /api/offers. On /dashboard (or /) opening on the catalogue without
 * filters in the URL (the common case; with filters the tab fetches as before, since validating them here
 * would pull Zod into the entry), page 1 is requested now, in parallel with the session check, and the tab's
 * chunk is requested with the route's. Signed out, the request answers 401 and is simply dropped. For a signed-in
 * member the HTML already preloads these URLs (DASHBOARD_FIRST_DATA in shared/first-screen.ts): these requests
 * then take over responses that started with the HTML, not after the scripts.
 */
export function startDashboardFirstLoad(location: Location): void {
  if (!/^\/(dashboard\/?)?$/.test(location.pathname) || !opensOnCatalogue(location.search)) return;
  const params = new URLSearchParams(location.search);
  void import('../features/offers/components/offers-tab').catch(() => {});
  if (CATALOGUE_FILTER_PARAMS.some((key) => params.has(key))) return;
  firstPage = api.get<OfferPage>(offersPath({ ...NO_FILTERS, page: 1 }));
  // The closed widgets' code and the toaster wait for the first cards' images (released by lib/first-images.ts),
  // or at once when there will be no cards (401 while signed out, network).
  holdIdleAfterLoad();
  firstPage.catch(() => releaseIdleAfterLoad());
  // The banner sits above the cards, which wait for it (offers-tab.tsx): asked for at the same time, it no longer
  // pushes the first row down when it arrives after them (the page's layout shift on a phone).
  banner = fetchActiveBanner();
  banner.catch(() => {});
}

/**
 * Hands the early page to TanStack Query under the catalogue's own key, so useOffers() finds it (pending or
 * done) instead of asking again. Called when the app creates its query client. A failure (401 while
 * signed out, network) leaves the query in error: a catalogue that mounts later fetches again (retryOnMount).
 */
export function seedDashboardFirstLoad(queryClient: QueryClient): void {
  const page = firstPage;
  if (!page) return;
  const early = banner;
  if (early) {
    void queryClient.prefetchQuery({
      queryKey: activeBannerKey,
      queryFn: () => early,
      staleTime: BANNER_STALE_MS,
    });
  }
  void queryClient.prefetchInfiniteQuery({
    queryKey: offerKeys.catalogue(NO_FILTERS),
    queryFn: () => page,
    initialPageParam: 1,
    staleTime: OFFERS_STALE_MS,
  });
}
