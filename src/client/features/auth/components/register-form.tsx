import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { PASSWORDS_MISMATCH, PASSWORDS_MISMATCH_DETAIL } from '../../../../shared/form-messages';
import type * as authSchemas from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { toast } from '../../../lib/toast';
import { useRegister } from '../api/use-register';
import { NoActivePlanNotice } from './no-active-plan-notice';

// The shared schema, loaded lazily: Zod stays out of this screen's first load.
const registerFormResolver = lazyZodResolver<z.input<typeof authSchemas.registerForm>>(() =>
  import('../../../../shared/schemas/auth').then((m) => m.registerForm),
);

export interface PendingVerification {
  userId: string;
  email: string;
}

export function RegisterForm({ onRegistered }: { onRegistered: (pending: PendingVerification) => void }) {
  const navigate = useNavigate();
  const registerAccount = useRegister();
  const [noPlanNoticeId, setNoPlanNoticeId] = useState<number | null>(null);
  const noticeCount = useRef(0);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: registerFormResolver,
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(
    ({ name, email, password }) => {
      setNoPlanNoticeId(null);
      registerAccount.mutate(
        { name, email, password },
        {
          onSuccess: (data) => {
            toast.success('Conta criada!', { description: data.message, duration: 8000 });
            if (data.userId && data.verificationToken) onRegistered({ userId: data.userId, email });
            else navigate('/login');
          },
          onError: (error) => {
            if (error instanceof ApiError && error.message.includes('compra confirmada')) {
              noticeCount.current += 1;
              setNoPlanNoticeId(noticeCount.current);
              return;
            }
            toast.error('Erro no cadastro', {
              description: errorMessage(error, 'Não foi possível criar a conta. Tente novamente.'),
            });
          },
        },
      );
    },
    (found) => {
      // Different passwords: the toast 'Senhas não coincidem' / 'As senhas devem ser iguais' (the field says the
      // first).
      if (found.confirmPassword?.message === PASSWORDS_MISMATCH) {
        toast.error(PASSWORDS_MISMATCH, { description: PASSWORDS_MISMATCH_DETAIL });
      }
    },
  );

  const invalid = (name: keyof typeof errors) => (errors[name] ? true : undefined);

  return (
    <div className="space-y-5">
      {noPlanNoticeId !== null ? (
        <NoActivePlanNotice key={noPlanNoticeId} duration={30_000} onClose={() => setNoPlanNoticeId(null)} />
      ) : null}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field label="Nome" htmlFor="register-name" error={errors.name?.message}>
          <Input
            id="register-name"
            autoComplete="name"
            placeholder="Seu nome"
            aria-invalid={invalid('name')}
            {...register('name')}
          />
        </Field>
        <Field label="Email" htmlFor="register-email" error={errors.email?.message}>
          <Input
            id="register-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="O e-mail usado na compra"
            aria-invalid={invalid('email')}
            {...register('email')}
          />
        </Field>
        <NewPasswordFields
          fields={[register('password'), register('confirmPassword')]}
          ids={['register-password', 'register-confirm']}
          labels={['Senha', 'Confirmar Senha']}
          errors={[errors.password?.message, errors.confirmPassword?.message]}
          confirmPlaceholder="Repita a senha"
        />
        <Button type="submit" size="lg" className="w-full" disabled={registerAccount.isPending}>
          {registerAccount.isPending ? <Spinner /> : null}
          {registerAccount.isPending ? 'Criando conta...' : 'Criar Conta'}
        </Button>
      </form>
    </div>
  );
}
