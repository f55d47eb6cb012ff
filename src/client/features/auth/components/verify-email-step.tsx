import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type * as authSchemas from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { toast } from '../../../lib/toast';
import { useResendVerification } from '../api/use-resend-verification';
import { useVerifyEmail } from '../api/use-verify-email';
import type { PendingVerification } from './register-form';

/** The register screen's second step: the 6-digit code from the mail, typed by hand. */

// The shared schema, loaded lazily: Zod stays out of this screen's first load.
const verificationCodeFormResolver = lazyZodResolver<z.input<typeof authSchemas.verificationCodeForm>>(() =>
  import('../../../../shared/schemas/auth').then((m) => m.verificationCodeForm),
);

export function VerifyEmailStep({ pending }: { pending: PendingVerification }) {
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const resend = useResendVerification();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: verificationCodeFormResolver, defaultValues: { code: '' } });

  const onSubmit = handleSubmit(({ code }) => {
    verify.mutate(
      { userId: pending.userId, token: code },
      {
        onSuccess: (data) => {
          toast.success('Email verificado!', { description: data?.message });
          navigate('/login');
        },
        onError: (error) =>
          toast.error('Erro na verificação', {
            description: errorMessage(error, 'Código inválido ou expirado.'),
          }),
      },
    );
  });

  const onResend = () =>
    resend.mutate(pending.email, {
      onSuccess: (data) => toast.success('Email reenviado!', { description: data?.message }),
      onError: (error) =>
        toast.error('Erro ao reenviar email', {
          description: errorMessage(error, 'Tente novamente em alguns instantes.'),
        }),
    });

  return (
    <div className="space-y-5">
      <div className="space-y-2 rounded-lg border border-border bg-surface-2/60 p-4 text-sm leading-relaxed text-muted">
        <p>
          Enviamos um e-mail de verificação para{' '}
          <strong className="break-words font-semibold text-foreground">{pending.email}</strong>. Clique no
          link do e-mail ou digite abaixo o código de 6 dígitos.
        </p>
        <p>Não encontrou? Confira também a pasta de spam ou lixo eletrônico.</p>
      </div>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field label="Código de verificação" htmlFor="verify-code" error={errors.code?.message}>
          <Input
            id="verify-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="000000"
            className="h-12 pl-[calc(0.75rem+0.5em)] text-center font-mono text-xl tracking-[0.5em]"
            aria-invalid={errors.code ? true : undefined}
            {...register('code')}
          />
        </Field>
        <Button type="submit" size="lg" className="w-full text-sm sm:text-base" disabled={verify.isPending}>
          {verify.isPending ? <Spinner /> : null}
          {verify.isPending ? 'Verificando...' : 'Verificar Conta Manualmente'}
        </Button>
      </form>
      <Button variant="secondary" className="w-full" onClick={onResend} disabled={resend.isPending}>
        {resend.isPending ? <Spinner /> : null}
        {resend.isPending ? 'Reenviando...' : 'Reenviar e-mail'}
      </Button>
    </div>
  );
}
