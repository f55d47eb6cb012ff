/**
 * The screen the first URL opens, by path, and the source module of each route's code (issue #13). The client
 * requests that route's chunk at start-up (router.tsx); the server names the same chunk, and what it imports, in
 * the HTML it answers (`<link rel=modulepreload>`, plugins/web-client.ts), so a phone downloads the screen's code
 * with the entry instead of one round trip after another.
 */
export const ROUTE_SOURCES = {
  landing: 'src/client/app/routes/landing.tsx',
  login: 'src/client/app/routes/login.tsx',
  register: 'src/client/app/routes/register.tsx',
  forgotPassword: 'src/client/app/routes/forgot-password.tsx',
  resetPassword: 'src/client/app/routes/reset-password.tsx',
  verifyEmail: 'src/client/app/routes/verify-email.tsx',
  dashboard: 'src/client/app/routes/dashboard.tsx',
  profile: 'src/client/app/routes/profile.tsx',
  admin: 'src/client/app/routes/admin.tsx',
  offerDetail: 'src/client/app/routes/offer-detail.tsx',
} as const;
export type FirstScreenRoute = keyof typeof ROUTE_SOURCES;

export const FIRST_SCREEN: ReadonlyArray<readonly [RegExp, FirstScreenRoute]> = [
  [/^\/home\/?$/, 'landing'],
  [/^\/login\/?$/, 'login'],
  [/^\/register\/?$/, 'register'],
  [/^\/forgot-password\/?$/, 'forgotPassword'],
  [/^\/redefinir-senha\/?$/, 'resetPassword'],
  [/^\/verificar-email\/?$/, 'verifyEmail'],
  [/^\/(dashboard\/?)?$/, 'dashboard'],
  [/^\/perfil\/?$/, 'profile'],
  [/^\/admin\/?$/, 'admin'],
  [/^\/detalhes-oferta\//, 'offerDetail'],
];

/** The route a path opens first, or undefined. */
export function firstScreenOf(pathname: string): FirstScreenRoute | undefined {
  return FIRST_SCREEN.find(([path]) => path.test(pathname))?.[1];
}

/** The catalogue tab's code, which the dashboard opens on unless the URL or the stored tab says otherwise. */
export const CATALOGUE_TAB_SOURCE = 'src/client/features/offers/components/offers-tab.tsx';

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
