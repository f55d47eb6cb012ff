import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type * as authSchemas from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { toast } from '../../../lib/toast';
import { useResetPassword } from '../api/use-reset-password';
import { AuthLink } from './auth-layout';

// The shared schema, loaded lazily: Zod stays out of this screen's first load.
const resetPasswordFormResolver = lazyZodResolver<z.input<typeof authSchemas.resetPasswordForm>>(() =>
  import('../../../../shared/schemas/auth').then((m) => m.resetPasswordForm),
);

export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: resetPasswordFormResolver,
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ password }) => {
    setFailure(null);
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast.success('Senha redefinida', { description: 'Entre com a sua nova senha.' });
          navigate('/login');
        },
        onError: (error) =>
          setFailure(errorMessage(error, 'Não foi possível redefinir a senha. Tente novamente.')),
      },
    );
  });

  return (
    <div className="space-y-5">
      {failure ? (
        <Notice variant="red" title="Não foi possível redefinir" onClose={() => setFailure(null)}>
          <p>{failure}</p>
          <p>
            <AuthLink to="/forgot-password">Solicitar um novo link</AuthLink>
          </p>
        </Notice>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <NewPasswordFields
          fields={[register('password'), register('confirmPassword')]}
          ids={['reset-password', 'reset-confirm']}
          labels={['Nova senha', 'Confirmar nova senha']}
          errors={[errors.password?.message, errors.confirmPassword?.message]}
          confirmPlaceholder="Repita a nova senha"
        />
        <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? <Spinner /> : null}
          {reset.isPending ? 'Redefinindo...' : 'Redefinir senha'}
        </Button>
      </form>
    </div>
  );
}
