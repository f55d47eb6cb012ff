import {
  BarChart3,
  Bell,
  Image,
  LayoutDashboard,
  Map as MapIcon,
  Package,
  ShieldCheck,
  TrendingUp,
  Trophy,
  Users,
  Video,
  Webhook,
} from 'lucide-react';
import { lazy } from 'react';
import { FullScreenLoading } from '../../components/ui/spinner';
import { AdminPanel, type AdminTab, LazyTab } from '../../features/admin/components/admin-panel';
import { NotificationsTab } from '../../features/admin/components/notifications-tab';
import { RankingReviewTab } from '../../features/admin/components/ranking-review-tab';
import { StatsTab } from '../../features/admin/components/stats-tab';
import { UsersTab } from '../../features/admin/components/users-tab';
import { WebhooksTab } from '../../features/admin/components/webhooks-tab';
import { useAdminOnly } from '../../lib/session/use-admin-only';

// The tabs of other features load as their own chunks.
const BannersTab = lazy(() => import('../../features/admin-offers/components/banners-tab'));
const AdminOffersTab = lazy(() => import('../../features/admin-offers/components/admin-offers-tab'));
const AdCountsTab = lazy(() => import('../../features/admin-offers/components/ad-counts-tab'));
const UserOffersTab = lazy(() => import('../../features/admin-offers/components/user-offers-tab'));
const AdminCallsTab = lazy(() => import('../../features/live-calls/components/admin-calls-tab'));
const ReadinessTab = lazy(() => import('../../features/admin/components/readiness-tab'));
const AdminBeginnerMapTab = lazy(
  () => import('../../features/beginner-map/components/admin-beginner-map-tab'),
);

/** The one table of the admin panel's tabs, in their order: adding a tab is one entry here and its screen. */
const ADMIN_TABS: readonly AdminTab[] = [
  { id: 'dashboard', label: 'Visão geral', icon: LayoutDashboard, content: () => <StatsTab /> },
  { id: 'ranking', label: 'Ranking', icon: Trophy, content: () => <RankingReviewTab /> },
  { id: 'usuarios', label: 'Usuários', icon: Users, content: () => <UsersTab /> },
  { id: 'banners', label: 'Banners', icon: Image, content: () => <LazyTab screen={BannersTab} /> },
  { id: 'notificacoes', label: 'Notificações', icon: Bell, content: () => <NotificationsTab /> },
  { id: 'webhooks', label: 'Webhooks', icon: Webhook, content: () => <WebhooksTab /> },
  { id: 'calls', label: 'Calls', icon: Video, content: () => <LazyTab screen={AdminCallsTab} /> },
  {
    id: 'mapa-iniciante',
    label: 'Mapa do Iniciante',
    icon: MapIcon,
    content: () => <LazyTab screen={AdminBeginnerMapTab} />,
  },
  {
    id: 'escaladas',
    label: 'Ofertas Escaladas',
    icon: TrendingUp,
    content: () => <LazyTab screen={AdminOffersTab} />,
  },
  {
    id: 'anuncios',
    label: 'Anúncios',
    icon: BarChart3,
    content: () => <LazyTab screen={AdCountsTab} />,
  },
  {
    id: 'ofertas-usuarios',
    label: 'Ofertas Usuários',
    icon: Package,
    content: () => <LazyTab screen={UserOffersTab} />,
  },
  {
    id: 'producao',
    label: 'Pronto para produção',
    icon: ShieldCheck,
    content: () => <LazyTab screen={ReadinessTab} />,
  },
];

/** /admin: only the administrator (the server enforces it on every /api/admin call as well). */
export default function AdminRoute() {
  if (!useAdminOnly()) return <FullScreenLoading />;
  return <AdminPanel tabs={ADMIN_TABS} />;
}
