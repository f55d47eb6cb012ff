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

const TOOL = (feature: string, file: string) => `src/client/features/${feature}/components/${file}.tsx`;
/**
 * Each dashboard tab's code by its id in `?tab=` (the dashboard's TAB_LOADERS import the same modules; a test
 * holds the two together). The server names the opening tab's chunk in the HTML, so a member opening a shared
 * link to, say, the community downloads that tab's code with the dashboard's instead of after it.
 */
export const TAB_SOURCES: Readonly<Record<string, string>> = {
  'ofertas-escaladas': CATALOGUE_TAB_SOURCE,
  favoritos: TOOL('offers', 'favorites-tab'),
  'subir-oferta': TOOL('user-offers', 'submit-offer-tab'),
  'slug-checker': TOOL('slug-checker', 'slug-checker-tab'),
  comunidade: TOOL('community', 'community-tab'),
  ranking: TOOL('community', 'ranking-tab'),
  divulgacao: TOOL('community', 'promotion-tab'),
  clonador: TOOL('cloner', 'cloner-tab'),
  'criptografar-texto': TOOL('text-encryptor', 'text-encryptor-tab'),
  'creative-masker': TOOL('creative-masker', 'creative-masker-tab'),
  'image-masker': TOOL('creative-masker', 'image-hider-tab'),
  'organizador-bibliotecas': TOOL('library-organizer', 'library-organizer-tab'),
  'quebrar-cloaker': TOOL('cloaker-breaker', 'cloaker-breaker-tab'),
  'otimizador-campanhas': TOOL('campaign-optimizer', 'campaign-optimizer-tab'),
  'validador-criativo': TOOL('creative-validator', 'creative-validator-tab'),
  'calls-ao-vivo': TOOL('live-calls', 'live-calls-tab'),
  'mapa-iniciante': TOOL('beginner-map', 'beginner-map-tab'),
  'fabrica-criativos': TOOL('creative-factory', 'creative-factory-tab'),
  'gerador-vsl': TOOL('vsl-generator', 'vsl-generator-tab'),
  'criador-produtos': TOOL('product-creator', 'product-creator-tab'),
  'criador-upsells': TOOL('upsell-creator', 'upsell-creator-tab'),
};

/**
 * The code of the tab a dashboard URL opens with: the one `?tab=` names, else the catalogue (an unknown id opens
 * the default tab; without `?tab=` the browser's stored tab is unknown here, and the catalogue is the default).
 */
export function dashboardTabSourceOf(search: URLSearchParams): string {
  const tab = search.get('tab');
  return (
    (tab !== null && Object.hasOwn(TAB_SOURCES, tab) ? TAB_SOURCES[tab] : undefined) ?? CATALOGUE_TAB_SOURCE
  );
}

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
