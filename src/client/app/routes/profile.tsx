import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';
import { PushDeviceToggle } from '../../components/push-device-toggle';
import { Button } from '../../components/ui/button';
import { FullScreenLoading } from '../../components/ui/spinner';
import { BalanceCard } from '../../features/profile/components/balance-card';
import { ChangePasswordCard } from '../../features/profile/components/change-password-card';
import { MembershipCard } from '../../features/profile/components/membership-card';
import { NotificationPreferencesCard } from '../../features/profile/components/notification-preferences-card';
import { ProfileForm } from '../../features/profile/components/profile-form';
import { useCurrentUser } from '../../lib/session/use-current-user';

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
        <NotificationPreferencesCard pushDevice={<PushDeviceToggle />} />
        <ChangePasswordCard />
      </div>
    </main>
  );
}
