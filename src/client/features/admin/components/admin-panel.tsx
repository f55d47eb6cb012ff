import {
  ArrowLeft,
  Bell,
  Image,
  LayoutDashboard,
  type LucideIcon,
  Package,
  TrendingUp,
  Users,
  Video,
  Webhook,
} from 'lucide-react';
import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useRef,
} from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { NotificationsTab } from './notifications-tab';
import { LoadingBlock } from './query-state';
import { StatsTab } from './stats-tab';
import { UsersTab } from './users-tab';
import { WebhooksTab } from './webhooks-tab';

// The offer and banner tabs belong to features/admin-offers and load as their own chunks.
const BannersTab = lazy(() => import('../../admin-offers/components/banners-tab'));
const AdminOffersTab = lazy(() => import('../../admin-offers/components/admin-offers-tab'));
const UserOffersTab = lazy(() => import('../../admin-offers/components/user-offers-tab'));
// The Calls tab belongs to features/live-calls (it shares the members' list query and display helpers).
const AdminCallsTab = lazy(() => import('../../live-calls/components/admin-calls-tab'));

function LazyTab({ screen: Screen }: { screen: LazyExoticComponent<ComponentType> }) {
  return (
    <Suspense fallback={<LoadingBlock />}>
      <Screen />
    </Suspense>
  );
}

const ADMIN_TABS: ReadonlyArray<{ id: string; label: string; icon: LucideIcon; content: () => ReactNode }> = [
  { id: 'dashboard', label: 'Dashboard', icon: LayoutDashboard, content: () => <StatsTab /> },
  { id: 'usuarios', label: 'Usuários', icon: Users, content: () => <UsersTab /> },
  {
    id: 'banners',
    label: 'Banners',
    icon: Image,
    content: () => <LazyTab screen={BannersTab} />,
  },
  { id: 'notificacoes', label: 'Notificações', icon: Bell, content: () => <NotificationsTab /> },
  { id: 'webhooks', label: 'Webhooks', icon: Webhook, content: () => <WebhooksTab /> },
  {
    id: 'calls',
    label: 'Calls',
    icon: Video,
    content: () => <LazyTab screen={AdminCallsTab} />,
  },
  {
    id: 'escaladas',
    label: 'Ofertas Escaladas',
    icon: TrendingUp,
    content: () => <LazyTab screen={AdminOffersTab} />,
  },
  {
    id: 'ofertas-usuarios',
    label: 'Ofertas Usuários',
    icon: Package,
    content: () => <LazyTab screen={UserOffersTab} />,
  },
];

/** Spec 01 §2: default tab 'escaladas'; ?tab= selects another (e.g. 'ofertas-usuarios'). */
export const DEFAULT_ADMIN_TAB = 'escaladas';

export function AdminPanel() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = ADMIN_TABS.some((t) => t.id === requested) ? (requested as string) : DEFAULT_ADMIN_TAB;
  const listRef = useRef<HTMLDivElement>(null);

  // On phones the tab strip scrolls sideways: keep the selected tab in view (e.g. after ?tab=).
  useEffect(() => {
    const active = listRef.current?.querySelector<HTMLElement>(`[data-tab-id="${tab}"]`);
    active?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  return (
    <main className="min-h-dvh bg-background px-4 py-6 md:px-8">
      <div className="mx-auto max-w-screen-2xl space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold">Painel Admin</h1>
            <p className="text-sm text-muted">Gerencie usuários, conteúdo e integrações do clube</p>
          </div>
          <Button variant="secondary" onClick={() => navigate('/')}>
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Voltar ao Dashboard
          </Button>
        </div>
        <Tabs
          value={tab}
          onValueChange={(next) =>
            setParams(next === DEFAULT_ADMIN_TAB ? {} : { tab: next }, { replace: true })
          }
        >
          <TabsList ref={listRef} aria-label="Seções do painel">
            {ADMIN_TABS.map(({ id, label, icon: Icon }) => (
              <TabsTrigger key={id} value={id} data-tab-id={id}>
                <Icon className="h-4 w-4" aria-hidden />
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          {ADMIN_TABS.map(({ id, content }) => (
            <TabsContent key={id} value={id}>
              {content()}
            </TabsContent>
          ))}
        </Tabs>
      </div>
    </main>
  );
}
