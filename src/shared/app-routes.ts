/**
 * The app's screens, one entry each: the client router builds its routes from this table (who may open each
 * path, where the others are sent), and the server names the screen's code in the HTML it answers for that path
 * (`<link rel=modulepreload>`, plugins/web-client.ts), so a phone downloads the screen's code with the entry instead
 * of one round trip after another. Each entry's id is its screen's file, src/client/app/routes/<id>.tsx (its default
 * export): adding a screen is one entry here and that file.
 *
 * The client entry imports this file: keep it a plain table (/login's first-load budget).
 */
export const APP_ROUTES = {
  landing: ['open', '/home'],
  'verify-email': ['open', '/verificar-email'],
  'reset-password': ['open', '/redefinir-senha'],
  unsubscribe: ['open', '/descadastrar'],
  login: ['guest', '/login'],
  register: ['guest', '/register'],
  'forgot-password': ['guest', '/forgot-password'],
  dashboard: ['member', '/', '/dashboard'],
  profile: ['member', '/perfil'],
  admin: ['member', '/admin'],
  'offer-detail': ['member', '/detalhes-oferta/:id'],
  'new-offer': ['member', '/nova-oferta'],
  'add-offer': ['member', '/adicionar-oferta'],
  'admin-edit-offer': ['member', '/admin/editar-oferta/:id'],
  'admin-edit-user-offer': ['member', '/admin/editar-oferta-usuario/:id'],
  'publish-post': ['member', '/publicar-post'],
  'publish-promotion': ['member', '/publicar-divulgacao'],
} as const satisfies Record<string, AppRoute>;

/**
 * Who may open the screen, then its React Router paths (`:name` matches one segment). 'open': the same for
 * everyone, shown without waiting for the session check. 'guest': signed-out only (a signed-in visitor goes to
 * /dashboard). 'member': signed-in only (signed out, see SIGNED_OUT_REDIRECTS; any other member path shows the
 * not-found screen).
 */
export type AppRoute = readonly [access: Access, ...paths: string[]];
export type Access = 'open' | 'guest' | 'member';

export type AppRouteId = keyof typeof APP_ROUTES;

/** Where a signed-out visitor of these member paths is sent. */
export const SIGNED_OUT_REDIRECTS: Readonly<Record<string, string>> = {
  '/': '/register',
  '/dashboard': '/login',
};

/** The screen shown for any path no route matches. */
export const NOT_FOUND_FILE = 'not-found';

/** A screen's module, from the project's root (for the server's build manifest lookups). */
export function routeSourceOf(id: AppRouteId): string {
  return `src/client/app/routes/${id}.tsx`;
}

function matcher(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body === '' ? '' : body.replace(/\/$/, '')}/?$`);
}

const MATCHERS: ReadonlyArray<readonly [RegExp, AppRouteId]> = Object.entries(APP_ROUTES).flatMap(
  ([id, [, ...paths]]) => paths.map((pattern) => [matcher(pattern), id as AppRouteId] as const),
);

/** The screen a path opens (matched as the client router does, a trailing slash allowed), or undefined. */
export function routeOf(pathname: string): AppRouteId | undefined {
  return MATCHERS.find(([pattern]) => pattern.test(pathname))?.[1];
}
