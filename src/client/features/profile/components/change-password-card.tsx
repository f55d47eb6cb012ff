import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type * as authSchemas from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { PasswordInput } from '../../../components/ui/password-input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { toast } from '../../../lib/toast';
import { useChangePassword } from '../api/use-change-password';

const changePasswordResolver = lazyZodResolver<z.input<typeof authSchemas.changePasswordForm>>(() =>
  import('../../../../shared/schemas/auth').then((m) => m.changePasswordForm),
);

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** 'Alterar senha' on /perfil: the current password, the new one twice; the other sessions end on success. */
export function ChangePasswordCard() {
  const change = useChangePassword();
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: changePasswordResolver, defaultValues: EMPTY });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) => {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (result) => {
          toast.success('Senha alterada', { description: result.message });
          reset(EMPTY);
          setOpen(false);
        },
        onError: (error) => {
          const message = errorMessage(error, 'Não foi possível alterar a senha. Tente novamente.');
          if (message === 'Senha atual incorreta') setError('currentPassword', { message });
          else if (message === 'A nova senha deve ser diferente da atual')
            setError('newPassword', { message });
          else toast.error('Erro ao alterar senha', { description: message });
        },
      },
    );
  });

  return (
    <Card className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold">Senha</h2>
          <p className="text-sm text-muted">
            Ao alterar, as outras sessões abertas da sua conta são encerradas.
          </p>
        </div>
        {open ? null : (
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Alterar senha
          </Button>
        )}
      </div>
      {open ? (
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Alterar senha">
          <Field label="Senha atual" htmlFor="current-password" error={errors.currentPassword?.message}>
            <PasswordInput
              id="current-password"
              autoComplete="current-password"
              aria-invalid={errors.currentPassword ? true : undefined}
              {...register('currentPassword')}
            />
          </Field>
          <NewPasswordFields
            fields={[register('newPassword'), register('confirmPassword')]}
            ids={['new-password', 'confirm-new-password']}
            labels={['Nova senha', 'Confirmar nova senha']}
            errors={[errors.newPassword?.message, errors.confirmPassword?.message]}
            confirmPlaceholder="Repita a nova senha"
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                reset(EMPTY);
                setOpen(false);
              }}
            >
              Cancelar
            </Button>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? <Spinner /> : null}
              {change.isPending ? 'Salvando...' : 'Salvar nova senha'}
            </Button>
          </div>
        </form>
      ) : null}
    </Card>
  );
}
