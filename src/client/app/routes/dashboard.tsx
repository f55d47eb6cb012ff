import { type ComponentType, Suspense, useEffect } from 'react';
import { TAB_TABLE } from '../../../shared/dashboard-tabs';
import { FullScreenLoading, Spinner } from '../../components/ui/spinner';
import { DashboardShell } from '../../features/dashboard/components/dashboard-shell';
import { ProfileMenu } from '../../features/dashboard/components/profile-menu';
import { type DashboardTab, DEFAULT_TAB, type TabId } from '../../features/dashboard/tabs';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { peekDashboardTab } from '../../lib/dashboard-tab';
import { type PreloadedLazy, preloadedLazy } from '../../lib/preloaded-lazy';
import { useCurrentUser } from '../../lib/session/use-current-user';

type Screen = { default: ComponentType };

/**
 * Every feature's tab screens, code-split (each its own chunk, fetched only when opened). The tab table
 * (src/shared/dashboard-tabs.ts) names which one each tab shows; features never import the dashboard feature.
 */
const SCREENS = import.meta.glob<Screen>(
  ['./*/components/*-tab.tsx', '!./admin*/**', '!./*/components/admin-*'],
  {
    base: '../../features',
  },
);

const TAB_SCREENS = Object.fromEntries(
  // `<feature>/<file>` names ./<feature>/components/<file>.tsx (app-routes.test.ts checks every one exists).
  TAB_TABLE.map((tab) => [
    tab.id,
    preloadedLazy(SCREENS[`./${tab.screen.replace('/', '/components/')}.tsx`]!),
  ]),
) as Record<TabId, PreloadedLazy<object>>;

// The tab the dashboard opens with (?tab=, else the stored one) is fetched with this chunk, not after it has
// rendered. An unknown id opens the default tab.
{
  const first = peekDashboardTab(window.location.search);
  const screen =
    first !== null && Object.hasOwn(TAB_SCREENS, first) ? TAB_SCREENS[first as TabId] : undefined;
  void (screen ?? TAB_SCREENS[DEFAULT_TAB]).preload().catch(() => {});
}

function TabContent({ tab }: { tab: DashboardTab }) {
  const Screen = TAB_SCREENS[tab.id];
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-16">
          <Spinner className="h-6 w-6 text-primary" />
        </div>
      }
    >
      <Screen />
    </Suspense>
  );
}

export default function DashboardRoute() {
  const { data: user } = useCurrentUser();
  // The app on the phone (lib/pwa/pwa.ts, its own chunk): the service worker after load, the install offer, and
  // this member kept for an offline reload.
  useEffect(() => {
    if (user) void import('../../lib/pwa/pwa').then((m) => m.startPwa(user));
  }, [user]);
  if (!user) return <FullScreenLoading />;
  return (
    <DashboardShell
      headerActions={
        <>
          <NotificationBell />
          <ProfileMenu user={user} />
        </>
      }
      renderTab={(tab) => <TabContent key={tab.id} tab={tab} />}
    />
  );
}
