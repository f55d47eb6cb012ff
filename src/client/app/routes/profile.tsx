import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FullScreenLoading } from '../../components/ui/spinner';
import { BalanceCard } from '../../features/profile/components/balance-card';
import { ChangePasswordCard } from '../../features/profile/components/change-password-card';
import { MembershipCard } from '../../features/profile/components/membership-card';
import { ProfileForm } from '../../features/profile/components/profile-form';
import { useCurrentUser } from '../../lib/session/use-current-user';

// Below the first screen on every width, with the most controls of the page: its code comes after the rest.
const NotificationsSection = lazy(() => import('../../features/profile/components/notifications-section'));

export default function ProfileRoute() {
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  if (!user) return <FullScreenLoading />;
  return (
    <main className="min-h-dvh bg-background px-4 py-6 md:py-10">
      <div className="mx-auto max-w-2xl space-y-6">
        <div className="flex items-center gap-3">
          <Button variant="ghost" size="icon" aria-label="Voltar" onClick={() => navigate('/')}>
            <ArrowLeft className="h-5 w-5" aria-hidden />
          </Button>
          <div>
            <h1 className="text-2xl font-bold">Meu Perfil</h1>
            <p className="text-sm text-muted">Suas informações de membro do clube</p>
          </div>
        </div>
        <ProfileForm user={user} />
        <MembershipCard />
        <BalanceCard user={user} />
        <Suspense
          fallback={
            <Card className="min-h-96">
              <h2 className="text-base font-semibold">Notificações</h2>
              <p className="mt-2 text-sm text-muted">Carregando...</p>
            </Card>
          }
        >
          <NotificationsSection />
        </Suspense>
        <ChangePasswordCard />
      </div>
    </main>
  );
}
