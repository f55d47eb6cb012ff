import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { useCurrentUser } from '../../auth/api/use-current-user';

/**
 * Admin-only pages: a member gets 'Acesso Negado' and goes to '/' (spec 01 §6; the server refuses the
 * calls anyway). True once the current user is known to be the administrator.
 */
export function useAdminOnly(): boolean {
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const denied = Boolean(user) && !user?.isAdmin;

  useEffect(() => {
    if (!denied) return;
    toast.error('Acesso Negado', {
      id: 'admin-page-denied',
      description: 'Você não tem permissão para acessar esta página.',
    });
    navigate('/', { replace: true });
  }, [denied, navigate]);

  return Boolean(user?.isAdmin);
}
