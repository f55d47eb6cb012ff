import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type * as authSchemas from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { toast } from '../../../lib/toast';
import { useForgotPassword } from '../api/use-forgot-password';

// The shared schema, loaded lazily: Zod stays out of this screen's first load.
const forgotPasswordInputResolver = lazyZodResolver<z.input<typeof authSchemas.forgotPasswordInput>>(() =>
  import('../../../../shared/schemas/auth').then((m) => m.forgotPasswordInput),
);

export function ForgotPasswordForm({
  defaultEmail,
  onSent,
}: {
  defaultEmail: string;
  onSent: (email: string) => void;
}) {
  const forgot = useForgotPassword();
  const [notFoundId, setNotFoundId] = useState<number | null>(null);
  const noticeCount = useRef(0);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: forgotPasswordInputResolver, defaultValues: { email: defaultEmail } });

  const onSubmit = handleSubmit((values) => {
    setNotFoundId(null);
    forgot.mutate(values, {
      onSuccess: () => {
        toast.success('E-mail enviado', {
          description: 'Confira sua caixa de entrada para criar uma nova senha.',
        });
        onSent(values.email);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.message.includes('E-mail não encontrado')) {
          noticeCount.current += 1;
          setNotFoundId(noticeCount.current);
          return;
        }
        toast.error('Erro ao enviar e-mail', {
          description: errorMessage(error, 'Não foi possível enviar o e-mail. Tente novamente.'),
        });
      },
    });
  });

  return (
    <div className="space-y-5">
      {notFoundId !== null ? (
        <Notice
          key={notFoundId}
          variant="orange"
          title="E-mail não encontrado"
          duration={5_000}
          onClose={() => setNotFoundId(null)}
        >
          <p>Não há conta com este e-mail. Confira o endereço digitado ou use o e-mail do seu cadastro.</p>
        </Notice>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field label="Email" htmlFor="forgot-email" error={errors.email?.message}>
          <Input
            id="forgot-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="seu@email.com"
            aria-invalid={errors.email ? true : undefined}
            {...register('email')}
          />
        </Field>
        <Button
          type="submit"
          size="lg"
          className="w-full text-sm sm:tracking-wide"
          disabled={forgot.isPending}
        >
          {forgot.isPending ? <Spinner /> : null}
          {forgot.isPending ? 'ENVIANDO...' : 'ENVIAR LINK DE RECUPERAÇÃO'}
        </Button>
      </form>
    </div>
  );
}
