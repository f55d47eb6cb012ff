import { type ComponentType, Suspense } from 'react';
import { FullScreenLoading, Spinner } from '../../components/ui/spinner';
import { UnderConstruction } from '../../components/ui/under-construction';
import { useCurrentUser } from '../../features/auth/api/use-current-user';
import { DashboardShell } from '../../features/dashboard/components/dashboard-shell';
import { ProfileMenu } from '../../features/dashboard/components/profile-menu';
import { type DashboardTab, DEFAULT_TAB, type TabId } from '../../features/dashboard/tabs';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { peekDashboardTab } from '../../lib/dashboard-tab';
import { type PreloadedLazy, preloadedLazy } from '../../lib/preloaded-lazy';

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
  clonador: () => import('../../features/cloner/components/cloner-tab'),
  'criptografar-texto': () => import('../../features/text-encryptor/components/text-encryptor-tab'),
  'creative-masker': () => import('../../features/creative-masker/components/creative-masker-tab'),
  'image-masker': () => import('../../features/creative-masker/components/image-hider-tab'),
  'organizador-bibliotecas': () =>
    import('../../features/library-organizer/components/library-organizer-tab'),
  'quebrar-cloaker': () => import('../../features/cloaker-breaker/components/cloaker-breaker-tab'),
  'otimizador-campanhas': () => import('../../features/campaign-optimizer/components/campaign-optimizer-tab'),
  'validador-criativo': () => import('../../features/creative-validator/components/creative-validator-tab'),
  'calls-ao-vivo': () => import('../../features/live-calls/components/live-calls-tab'),
  'mapa-iniciante': () => import('../../features/beginner-map/components/beginner-map-tab'),
  'fabrica-criativos': () => import('../../features/creative-factory/components/creative-factory-tab'),
  'gerador-vsl': () => import('../../features/vsl-generator/components/vsl-generator-tab'),
  'criador-produtos': () => import('../../features/product-creator/components/product-creator-tab'),
  'criador-upsells': () => import('../../features/upsell-creator/components/upsell-creator-tab'),
};
const TAB_SCREENS: Partial<Record<TabId, PreloadedLazy<object>>> = Object.fromEntries(
  Object.entries(TAB_LOADERS).map(([id, load]) => [id, preloadedLazy(load)]),
);

// The tab the dashboard opens with (?tab=, else the stored one) is fetched with this chunk, not after it has
// rendered. An unknown id opens the default tab.
{
  const first = peekDashboardTab(window.location.search);
  const screen =
    first !== null && Object.hasOwn(TAB_SCREENS, first) ? TAB_SCREENS[first as TabId] : undefined;
  void (screen ?? TAB_SCREENS[DEFAULT_TAB])?.preload().catch(() => {});
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
