import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useLogoutAllUsers } from '../api/use-logout-all-users';

export function LogoutAllButton() {
  const [open, setOpen] = useState(false);
  const logoutAll = useLogoutAllUsers();
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        <LogOut className="h-4 w-4" aria-hidden />
        Logout Global
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Logout Global"
        description="Todos os usuários serão desconectados agora. Somente usuários com plano ativo conseguirão entrar novamente. Deseja continuar?"
        confirmLabel="Desconectar todos"
        pending={logoutAll.isPending}
        onConfirm={() => logoutAll.mutate(undefined, { onSettled: () => setOpen(false) })}
      />
    </>
  );
}
