import { BadgeCheck, RotateCcw, UserX } from 'lucide-react';
import { useState } from 'react';
import type { AdminUser } from '../../../../shared/schemas/admin';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Table, TBody, Td, THead, Th, Tr } from '../../../components/ui/table';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useUpdateUserStatus } from '../api/use-update-user-status';
import { useVerifyUser } from '../api/use-verify-user';
import { daysAsMember, planLabel } from '../filter-users';

function PlanBadge({ planType }: { planType: string }) {
  const label = planLabel(planType);
  const variant = label === 'Mentoria Semestral' ? 'purple' : label === 'Gratuito' ? 'default' : 'info';
  return <Badge variant={variant}>{label}</Badge>;
}

function daysLabel(days: number) {
  return days === 1 ? '1 dia' : `${days} dias`;
}

type StatusChange = { user: AdminUser; status: 'Ativo' | 'Cancelado' };

/** What cancelling or reactivating does, said before it is done: both act on the member's access at once. */
function StatusChangeDialog({
  change,
  pending,
  onConfirm,
  onClose,
}: {
  change: StatusChange | null;
  pending: boolean;
  onConfirm: (change: StatusChange) => void;
  onClose: () => void;
}) {
  const cancelling = change?.status === 'Cancelado';
  const who = change ? `${change.user.name} (${change.user.email})` : '';
  return (
    <ConfirmDialog
      open={change !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={cancelling ? 'Cancelar este usuário?' : 'Reativar este usuário?'}
      description={
        cancelling
          ? `${who} perde o acesso ao clube agora: todas as sessões dele são encerradas e ele não consegue entrar até ser reativado aqui ou até a Lastlink confirmar uma nova compra. Nada é apagado.`
          : `${who} volta a poder entrar no clube com a senha dele (as sessões encerradas não voltam). O plano exibido continua ${planLabel(change?.user.planType ?? '')}.`
      }
      confirmLabel={cancelling ? 'Cancelar usuário' : 'Reativar usuário'}
      cancelLabel="Voltar"
      variant={cancelling ? 'danger' : 'primary'}
      pending={pending}
      onConfirm={() => (change ? onConfirm(change) : undefined)}
    />
  );
}

export function UsersTable({ users, now }: { users: AdminUser[]; now: Date }) {
  const updateStatus = useUpdateUserStatus();
  const verify = useVerifyUser();
  const [pendingChange, setPendingChange] = useState<StatusChange | null>(null);

  return (
    <>
      <Table>
        <THead>
          <tr>
            <Th>Nome</Th>
            <Th>E-mail</Th>
            <Th>Cadastro</Th>
            <Th>Último login</Th>
            <Th>Plano</Th>
            <Th>Status</Th>
            <Th>Verificação</Th>
            <Th>Tempo ativo</Th>
            <Th className="sticky right-0 bg-surface-2 text-right shadow-[-8px_0_8px_-8px_rgba(0,0,0,0.6)]">
              Ações
            </Th>
          </tr>
        </THead>
        <TBody>
          {users.map((user) => {
            const cancelled = user.status === 'Cancelado';
            const statusBusy = updateStatus.isPending && updateStatus.variables?.id === user.id;
            const verifyBusy = verify.isPending && verify.variables === user.id;
            return (
              <Tr key={user.id}>
                <Td className="font-medium">
                  <span className="flex items-center gap-2">
                    {user.name}
                    {user.isAdmin ? <Badge variant="warning">Admin</Badge> : null}
                  </span>
                </Td>
                <Td className="text-zinc-300">{user.email}</Td>
                <Td>{formatDate(user.createdAt)}</Td>
                <Td>{user.lastLogin ? formatDateTime(user.lastLogin) : 'Nunca'}</Td>
                <Td>
                  <PlanBadge planType={user.planType} />
                </Td>
                <Td>
                  <Badge variant={cancelled ? 'danger' : 'primary'}>{user.status}</Badge>
                </Td>
                <Td>
                  <Badge variant={user.emailVerified ? 'primary' : 'warning'}>
                    {user.emailVerified ? 'Verificado' : 'Não verificado'}
                  </Badge>
                </Td>
                <Td title={cancelled ? 'Usuários cancelados não contam tempo ativo' : undefined}>
                  {cancelled ? '—' : daysLabel(daysAsMember(user, now))}
                </Td>
                <Td className="sticky right-0 bg-surface shadow-[-8px_0_8px_-8px_rgba(0,0,0,0.6)]">
                  <div className="flex justify-end gap-2">
                    {!user.emailVerified ? (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={verifyBusy}
                        onClick={() => verify.mutate(user.id)}
                      >
                        <BadgeCheck className="h-4 w-4" aria-hidden />
                        Verificar
                      </Button>
                    ) : null}
                    {user.isAdmin ? null : cancelled ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={statusBusy}
                        onClick={() => setPendingChange({ user, status: 'Ativo' })}
                      >
                        <RotateCcw className="h-4 w-4" aria-hidden />
                        Reativar
                      </Button>
                    ) : (
                      <Button
                        size="sm"
                        variant="danger"
                        disabled={statusBusy}
                        onClick={() => setPendingChange({ user, status: 'Cancelado' })}
                      >
                        <UserX className="h-4 w-4" aria-hidden />
                        Cancelar
                      </Button>
                    )}
                  </div>
                </Td>
              </Tr>
            );
          })}
        </TBody>
      </Table>
      <StatusChangeDialog
        change={pendingChange}
        pending={updateStatus.isPending}
        onClose={() => setPendingChange(null)}
        onConfirm={({ user, status }) =>
          updateStatus.mutate({ id: user.id, status }, { onSettled: () => setPendingChange(null) })
        }
      />
    </>
  );
}
