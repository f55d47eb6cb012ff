import { Bell, CheckCircle2, LinkIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { AuthIcon, AuthLayout, AuthLink } from '../../features/auth/components/auth-layout';
import { useUnsubscribe, useUnsubscribeInfo } from '../../features/notifications/api/use-unsubscribe';
import { errorMessage } from '../../lib/api-client';

const PREFERENCES = (
  <Link
    to="/perfil#notificacoes"
    className={buttonClass({ variant: 'secondary', size: 'lg', className: 'w-full' })}
  >
    Escolher o que receber
  </Link>
);

/** A link the page cannot use (incomplete, forged, expired): why, and where the choices are made. */
function InvalidLink({ description }: { description: string }) {
  return (
    <AuthLayout
      title="Link inválido"
      icon={
        <AuthIcon tone="orange">
          <LinkIcon aria-hidden />
        </AuthIcon>
      }
      description={description}
      footer={<AuthLink to="/login">Entrar no clube</AuthLink>}
    >
      {PREFERENCES}
    </AuthLayout>
  );
}

function Unsubscribe({ token }: { token: string }) {
  const info = useUnsubscribeInfo(token);
  const stop = useUnsubscribe(token);

  if (info.isPending) {
    return (
      <AuthLayout title="Descadastrar">
        <div role="status" aria-label="Carregando" className="flex justify-center py-6">
          <Spinner className="h-6 w-6 text-primary" />
        </div>
      </AuthLayout>
    );
  }
  if (info.isError) {
    return (
      <InvalidLink description={errorMessage(info.error, 'Não foi possível ler este link de descadastro.')} />
    );
  }
  if (stop.isSuccess) {
    return (
      <AuthLayout
        title="E-mails desligados"
        icon={
          <AuthIcon tone="green">
            <CheckCircle2 aria-hidden />
          </AuthIcon>
        }
        description={stop.data.message}
      >
        {PREFERENCES}
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Parar estes e-mails?"
      icon={
        <AuthIcon tone="orange">
          <Bell aria-hidden />
        </AuthIcon>
      }
      description={
        <>
          {`${info.data.email} não vai mais receber e-mails de `}
          <strong className="text-foreground">{`"${info.data.label}"`}</strong>
          {'. O sino do clube continua mostrando tudo.'}
        </>
      }
    >
      <div className="space-y-3">
        {stop.isError ? (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(stop.error, 'Não foi possível descadastrar agora. Tente de novo.')}
          </p>
        ) : null}
        <Button size="lg" className="w-full" disabled={stop.isPending} onClick={() => stop.mutate()}>
          {stop.isPending ? <Spinner className="h-4 w-4" /> : null}
          Parar estes e-mails
        </Button>
        {PREFERENCES}
      </div>
    </AuthLayout>
  );
}

/** /descadastrar?token=: the footer link of every notice e-mail; works signed out (the token is signed). */
export default function UnsubscribeRoute() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim();
  if (!token) {
    return (
      <InvalidLink description="Este link de descadastro está incompleto. Abra o link exatamente como veio no e-mail." />
    );
  }
  return <Unsubscribe token={token} />;
}
