import { ArrowLeft, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { AuthIcon, AuthLayout, AuthLink } from '../../features/auth/components/auth-layout';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

export default function ForgotPasswordRoute() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);

  if (sent) {
    return (
      <AuthLayout
        title="E-MAIL ENVIADO"
        icon={
          <AuthIcon tone="green">
            <MailCheck aria-hidden />
          </AuthIcon>
        }
        description={
          <>
            Enviamos um link de recuperação para{' '}
            <strong className="break-words font-semibold text-foreground">{email}</strong>. Abra o e-mail e
            siga o link para criar uma nova senha.
          </>
        }
      >
        <p className="mb-5 text-center text-sm text-muted">
          Não recebeu? Confira a pasta de spam ou envie o link novamente.
        </p>
        <div className="space-y-3">
          <Link to="/login" className={buttonClass({ size: 'lg', className: 'w-full' })}>
            Voltar para o login
          </Link>
          <Button variant="secondary" className="w-full" onClick={() => setSent(false)}>
            Reenviar e-mail
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Recuperar senha"
      description="Informe o e-mail da sua conta e enviaremos um link para você criar uma nova senha."
      footer={
        <span className="inline-flex items-center gap-1.5">
          <ArrowLeft aria-hidden className="h-4 w-4" />
          <AuthLink to="/login">Voltar para o login</AuthLink>
        </span>
      }
    >
      <ForgotPasswordForm
        defaultEmail={email}
        onSent={(address) => {
          setEmail(address);
          setSent(true);
        }}
      />
    </AuthLayout>
  );
}
