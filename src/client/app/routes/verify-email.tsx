import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useVerifyEmail } from '../../features/auth/api/use-verify-email';
import { AuthIcon, AuthLayout, AuthLink } from '../../features/auth/components/auth-layout';
import { errorMessage } from '../../lib/api-client';

/** /verificar-email?uid=..&token=..: the link from the verification mail. */
export default function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const userId = params.get('uid')?.trim() ?? '';
  const token = params.get('token')?.trim() ?? '';
  const hasParams = Boolean(userId && token);
  const { mutate, status, data, error } = useVerifyEmail();
  // StrictMode runs effects twice on mount: the link must be used once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !userId || !token) return;
    started.current = true;
    mutate({ userId, token });
  }, [userId, token, mutate]);

  if (hasParams && (status === 'idle' || status === 'pending')) {
    return (
      <AuthLayout
        title="Verificando seu e-mail..."
        icon={
          <AuthIcon tone="green">
            <Spinner />
          </AuthIcon>
        }
        description="Aguarde um instante enquanto confirmamos sua conta."
      />
    );
  }

  if (status === 'success') {
    return (
      <AuthLayout
        title="E-mail verificado!"
        icon={
          <AuthIcon tone="green">
            <CheckCircle2 aria-hidden />
          </AuthIcon>
        }
        description={data?.message || 'Sua conta foi confirmada. Agora você já pode entrar.'}
      >
        <Link to="/login" className={buttonClass({ size: 'lg', className: 'w-full' })}>
          Ir para o login
        </Link>
      </AuthLayout>
    );
  }

  const message = hasParams
    ? errorMessage(error, 'Não foi possível verificar seu e-mail. Tente novamente.')
    : 'Link de verificação inválido.';
  return (
    <AuthLayout
      title="Não foi possível verificar"
      icon={
        <AuthIcon tone="red">
          <XCircle aria-hidden />
        </AuthIcon>
      }
      description={message}
      footer={
        <>
          Ainda não tem conta? <AuthLink to="/register">Criar conta</AuthLink>
        </>
      }
    >
      <p className="mb-5 rounded-lg border border-border bg-surface-2/60 p-4 text-sm leading-relaxed text-muted">
        Precisa de um novo e-mail de verificação? Entre com seu e-mail e senha: a tela de login oferece o
        reenvio. Se acabou de se cadastrar, use o código de 6 dígitos do e-mail na tela de cadastro.
      </p>
      <Link to="/login" className={buttonClass({ size: 'lg', className: 'w-full' })}>
        Ir para o login
      </Link>
    </AuthLayout>
  );
}
