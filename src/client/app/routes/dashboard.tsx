import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { FullScreenLoading, Spinner } from '../../components/ui/spinner';
import { UnderConstruction } from '../../components/ui/under-construction';
import { useCurrentUser } from '../../features/auth/api/use-current-user';
import { DashboardShell } from '../../features/dashboard/components/dashboard-shell';
import { ProfileMenu } from '../../features/dashboard/components/profile-menu';
import { type DashboardTab, DEFAULT_TAB, type TabId } from '../../features/dashboard/tabs';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { ACTIVE_TAB_STORAGE_KEY } from '../../lib/dashboard-tab';

/**
 * The screen of each built tab, code-split (each tab is its own chunk). A tab missing here shows the
 * honest 'Em construção' panel. Features register here, so they never import the dashboard feature.
 */
const TAB_LOADERS: Partial<Record<TabId, () => Promise<{ default: ComponentType }>>> = {
  'ofertas-escaladas': () => import('../../features/offers/components/offers-tab'),
  favoritos: () => import('../../features/offers/components/favorites-tab'),
  'subir-oferta': () => import('../../features/user-offers/components/submit-offer-tab'),
  'slug-checker': () => import('../../features/slug-checker/components/slug-checker-tab'),
  comunidade: () => import('../../features/community/components/community-tab'),
  ranking: () => import('../../features/community/components/ranking-tab'),
  divulgacao: () => import('../../features/community/components/promotion-tab'),
};
const TAB_SCREENS: Partial<Record<TabId, LazyExoticComponent<ComponentType>>> = Object.fromEntries(
  Object.entries(TAB_LOADERS).map(([id, load]) => [id, lazy(load)]),
);

// The tab the dashboard opens with is fetched with this chunk, not after it has rendered.
try {
  const stored = localStorage.getItem(ACTIVE_TAB_STORAGE_KEY);
  void (TAB_LOADERS[stored as TabId] ?? TAB_LOADERS[DEFAULT_TAB])?.().catch(() => {});
} catch {
  // Storage blocked: the tab loads when it renders.
}

function TabContent({ tab }: { tab: DashboardTab }) {
  const Screen = TAB_SCREENS[tab.id];
  if (!Screen) return <UnderConstruction title={tab.title} icon={tab.icon} />;
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
