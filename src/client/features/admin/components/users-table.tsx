import { BadgeCheck, RotateCcw, UserX } from 'lucide-react';
import type { AdminUser } from '../../../../shared/schemas/admin';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
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

export function UsersTable({ users, now }: { users: AdminUser[]; now: Date }) {
  const updateStatus = useUpdateUserStatus();
  const verify = useVerifyUser();

  return (
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
                      onClick={() => updateStatus.mutate({ id: user.id, status: 'Ativo' })}
                    >
                      <RotateCcw className="h-4 w-4" aria-hidden />
                      Reativar
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="danger"
                      disabled={statusBusy}
                      onClick={() => updateStatus.mutate({ id: user.id, status: 'Cancelado' })}
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
  );
}
