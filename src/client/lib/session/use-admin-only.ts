import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../toast';
import { useCurrentUser } from './use-current-user';

/**
 * The one guard of the admin pages (/admin and its offer screens): a member gets 'Acesso Negado' and goes to '/'
 * (the server refuses the calls anyway). True once the current user is known to be the administrator.
 */
export function useAdminOnly(): boolean {
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

  return Boolean(user?.isAdmin);
}
