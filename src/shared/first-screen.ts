// What the dashboard's first screen asks for before it renders; the screens' own table is app-routes.ts.

/**
 * The catalogue's filters, as named in the dashboard URL and in GET /api/offers (use-offer-filters.ts, offersPath),
 * in the order the client writes them; `page` is not one of them.
 */
export const CATALOGUE_FILTER_PARAMS = [
  'search',
  'status',
  'niche',
  'format',
  'language',
  'ticket',
  'momentum',
  'sort',
] as const;

/**
 * What the dashboard opening on the catalogue without filters asks for before any screen renders
 * (dashboard-first-load.ts): the first page of cards and the banner above them. For a signed-in member the server
 * names the same URLs in the HTML (`<link rel=preload as=fetch>`), so they download with the scripts; the app's
 * requests of the same URLs, with the same credentials mode, reuse those responses.
 */
export const DASHBOARD_FIRST_DATA = [
  '/api/offers?sort=recent&page=1&pageSize=24',
  '/api/banners/active',
] as const;
