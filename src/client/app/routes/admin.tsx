import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { FullScreenLoading } from '../../components/ui/spinner';
import { AdminPanel } from '../../features/admin/components/admin-panel';
import { useCurrentUser } from '../../features/auth/api/use-current-user';
import { toast } from '../../lib/toast';

/** /admin: only the administrator (the server enforces it on every /api/admin call as well). */
export default function AdminRoute() {
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const denied = Boolean(user) && !user?.isAdmin;

  useEffect(() => {
    if (!denied) return;
    toast.error('Acesso Negado', {
      id: 'admin-access-denied',
      description: 'Você não tem permissão para acessar o painel de administração.',
    });
    navigate('/', { replace: true });
  }, [denied, navigate]);

  if (!user?.isAdmin) return <FullScreenLoading />;
  return <AdminPanel />;
}
