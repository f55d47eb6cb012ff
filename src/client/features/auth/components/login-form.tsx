import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { LoginInput } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useLogin } from '../api/use-login';
import { type LoginNotice, LoginNoticeBanner, loginNoticeFor } from './login-notice';

// The same schema as POST /api/auth/login, loaded lazily: keeps Zod out of /login's first load.
const loginResolver = lazyZodResolver<LoginInput>(() =>
  import('../../../../shared/schemas/auth').then((m) => m.loginInput),
);

export function LoginForm() {
  const navigate = useNavigate();
  const login = useLogin();
  // One banner at a time (spec 01 §4); the id restarts its timer when the same notice comes again.
  const [notice, setNotice] = useState<{ id: number; value: LoginNotice } | null>(null);
  const noticeId = useRef(0);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({ resolver: loginResolver, defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((values) => {
    setNotice(null);
    login.mutate(values, {
      onSuccess: () => {
        toast.success('Login realizado com sucesso!');
        navigate('/');
      },
      onError: (error) => {
        const next = loginNoticeFor(error, values.email);
        if (next) {
          noticeId.current += 1;
          setNotice({ id: noticeId.current, value: next });
        } else {
          toast.error('Erro no login', { description: errorMessage(error, 'Erro no login') });
        }
      },
    });
  });

  return (
    <div className="space-y-5">
      {notice ? (
        <LoginNoticeBanner key={notice.id} notice={notice.value} onClose={() => setNotice(null)} />
      ) : null}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field label="Email" htmlFor="login-email" error={errors.email?.message}>
          <Input
            id="login-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="seu@email.com"
            aria-invalid={errors.email ? true : undefined}
            {...register('email')}
          />
        </Field>
        <Field label="Senha" htmlFor="login-password" error={errors.password?.message}>
          <PasswordInput
            id="login-password"
            autoComplete="current-password"
            placeholder="Sua senha"
            aria-invalid={errors.password ? true : undefined}
            {...register('password')}
          />
        </Field>
        <div className="flex justify-end">
          <Link
            to="/forgot-password"
            className="text-sm text-muted underline-offset-4 hover:text-foreground hover:underline"
          >
            Esqueceu sua senha?
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
          {login.isPending ? <Spinner /> : null}
          {login.isPending ? 'Conectando...' : 'Entrar'}
        </Button>
      </form>
    </div>
  );
}
