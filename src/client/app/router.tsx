import { type ComponentType, Suspense } from 'react';
import { matchPath, Navigate, Route, Routes } from 'react-router';
import {
  type Access,
  APP_ROUTES,
  type AppRoute,
  type AppRouteId,
  NOT_FOUND_FILE,
  SIGNED_OUT_REDIRECTS,
} from '../../shared/app-routes';
import { FullScreenLoading } from '../components/ui/spinner';
import { type PreloadedLazy, preloadedLazy } from '../lib/preloaded-lazy';
import { useCurrentUser } from '../lib/session/use-current-user';
import { startDashboardFirstLoad } from './dashboard-first-load';

type Screen = { default: ComponentType };

// Every screen is its own chunk (/login must not pay for the dashboard); the table in app-routes.ts names them.
const SCREENS = import.meta.glob<Screen>(['./*.tsx', '!./*.test.tsx'], { base: './routes' });

/** A screen by its file name (app-routes.test.ts checks every file the table names exists). */
const lazyScreen = (file: string) => preloadedLazy(SCREENS[`./${file}.tsx`]!);

const screens = Object.fromEntries(Object.keys(APP_ROUTES).map((id) => [id, lazyScreen(id)])) as Record<
  AppRouteId,
  PreloadedLazy<object>
>;
const NotFound = lazyScreen(NOT_FOUND_FILE);

const entries = Object.entries(APP_ROUTES) as Array<[AppRouteId, AppRoute]>;

if (typeof window !== 'undefined') {
  // The chunk the first URL will render: fetched at once, with the session check.
  const path = window.location.pathname;
  const first = entries.find(([, [, ...paths]]) => paths.some((pattern) => matchPath(pattern, path)));
  if (first) void screens[first[0]].preload().catch(() => {});
  startDashboardFirstLoad(window.location);
}

/** A <Route> for each path of each screen with this access: the screen itself, or a redirect to `to`. */
function routesFor(access: Access, to?: string) {
  return entries.flatMap(([id, [allowed, ...paths]]) => {
    if (allowed !== access) return [];
    const Screen = screens[id];
    const element = to ? <Navigate to={to} replace /> : <Screen />;
    return paths.map((path) => <Route key={path} path={path} element={element} />);
  });
}

/**
 * The pages open to everyone show at once: they look the same signed in or out, so they never wait for the
 * session. The session check itself starts with the HTML (index.html preloads GET /api/auth/user), so the
 * other routes show the full-screen loading indicator only until that answer is in.
 */
export function AppRoutes() {
  // Starts (or reuses the preloaded) session check on every page, even the open ones.
  useCurrentUser();
  return (
    <Suspense fallback={<FullScreenLoading />}>
      <Routes>
        {routesFor('open')}
        <Route path="*" element={<SessionRoutes />} />
      </Routes>
    </Suspense>
  );
}

/**
 * Routes that depend on who is signed in: members open the member screens and are sent from the guest ones to the
 * dashboard; visitors open the guest screens, '/' and '/dashboard' send them to sign up or in.
 */
function SessionRoutes() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <FullScreenLoading />;
  const signedIn = Boolean(user);

  return (
    <Routes>
      {signedIn ? (
        <>
          {routesFor('member')}
          {routesFor('guest', '/dashboard')}
        </>
      ) : (
        <>
          {Object.entries(SIGNED_OUT_REDIRECTS).map(([path, to]) => (
            <Route key={path} path={path} element={<Navigate to={to} replace />} />
          ))}
          {routesFor('guest')}
        </>
      )}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
