import {
  Bell,
  CircleCheck,
  CircleX,
  Clock,
  type LucideIcon,
  Package,
  ShoppingCart,
  TrendingUp,
  UserMinus,
  Users,
  Video,
  Webhook,
} from 'lucide-react';
import type { AdminStats } from '../../../../shared/schemas/admin';
import { Card } from '../../../components/ui/card';
import { useAdminStats } from '../api/use-admin-stats';
import { BackupCard } from './backup-card';
import { MetricsPanel } from './metrics-panel';
import { ErrorBlock, LoadingBlock } from './query-state';

const COUNTERS: ReadonlyArray<{ key: keyof AdminStats; label: string; icon: LucideIcon; tone: string }> = [
  { key: 'totalUsers', label: 'Total de usuários', icon: Users, tone: 'text-sky-400' },
  { key: 'activeUsers', label: 'Usuários ativos', icon: CircleCheck, tone: 'text-primary' },
  { key: 'pendingVerificationUsers', label: 'Aguardando verificação', icon: Clock, tone: 'text-warning' },
  { key: 'canceledUsers', label: 'Usuários cancelados', icon: UserMinus, tone: 'text-danger' },
  { key: 'totalOffers', label: 'Ofertas criadas', icon: TrendingUp, tone: 'text-primary' },
  { key: 'userOffers', label: 'Ofertas de usuários', icon: Package, tone: 'text-purple-400' },
  { key: 'totalNotifications', label: 'Notificações enviadas', icon: Bell, tone: 'text-sky-400' },
  { key: 'totalWebhooks', label: 'Webhooks recebidos', icon: Webhook, tone: 'text-zinc-300' },
  { key: 'purchaseConfirmed', label: 'Compras confirmadas', icon: ShoppingCart, tone: 'text-primary' },
  { key: 'subscriptionCanceled', label: 'Assinaturas canceladas', icon: CircleX, tone: 'text-danger' },
  { key: 'totalCalls', label: 'Calls criadas', icon: Video, tone: 'text-warning' },
];

const number = new Intl.NumberFormat('pt-BR');

export function StatsTab() {
  const { data, isPending, isError, error } = useAdminStats();
  if (isPending) return <LoadingBlock />;
  if (isError) return <ErrorBlock error={error} what="as estatísticas" />;
  return (
    <div className="space-y-4">
      <BackupCard />
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4">
        {COUNTERS.map(({ key, label, icon: Icon, tone }) => (
          <Card key={key} className="space-y-2 p-4">
            <div className="flex items-start justify-between gap-2">
              <p className="text-xs text-muted sm:text-sm">{label}</p>
              <Icon className={`h-5 w-5 shrink-0 ${tone}`} aria-hidden />
            </div>
            <p className="text-2xl font-bold sm:text-3xl">{number.format(data[key])}</p>
          </Card>
        ))}
      </div>
      <MetricsPanel />
    </div>
  );
}
