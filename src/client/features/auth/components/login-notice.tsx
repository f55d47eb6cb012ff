import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useResendVerification } from '../api/use-resend-verification';
import { AuthLink } from './auth-layout';
import type { LoginNotice } from './login-notice-kind';
import { NoActivePlanNotice } from './no-active-plan-notice';

/** The banner of a failed login; loaded lazily by the login form (it only shows after a failure). */
export default function LoginNoticeBanner({ notice, onClose }: { notice: LoginNotice; onClose: () => void }) {
  switch (notice.kind) {
    case 'no-plan':
      return <NoActivePlanNotice duration={10_000} onClose={onClose} />;
    case 'unverified':
      return <UnverifiedNotice email={notice.email} onClose={onClose} />;
    case 'not-found':
      return (
        <Notice variant="red" title="Conta não encontrada" duration={30_000} onClose={onClose}>
          <p>Nenhuma conta encontrada. Crie a sua conta primeiro!</p>
          <p>
            <AuthLink to="/register">Criar minha conta</AuthLink>
          </p>
        </Notice>
      );
  }
}

function UnverifiedNotice({ email, onClose }: { email: string; onClose: () => void }) {
  const resend = useResendVerification();
  const onResend = () =>
    resend.mutate(email, {
      onSuccess: (data) => {
        toast.success('Email reenviado!', { description: data?.message });
        onClose();
      },
      onError: (error) =>
        toast.error('Erro ao reenviar email', {
          description: errorMessage(error, 'Tente novamente em alguns instantes.'),
        }),
    });

  return (
    <Notice variant="yellow" title="E-mail não verificado" duration={30_000} onClose={onClose}>
      <p>
        Confirme seu e-mail pelo link ou código que enviamos para{' '}
        <strong className="break-words">{email}</strong>. Não encontrou? Confira a pasta de spam.
      </p>
      <Button
        variant="secondary"
        size="sm"
        className="mt-2 h-auto min-h-8 py-1.5 text-left"
        onClick={onResend}
        disabled={resend.isPending}
      >
        {resend.isPending ? <Spinner /> : null}
        {resend.isPending ? 'Reenviando...' : 'Reenviar e-mail de verificação'}
      </Button>
    </Notice>
  );
}
