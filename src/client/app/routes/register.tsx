import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { AuthIcon, AuthLayout, AuthLink } from '../../features/auth/components/auth-layout';
import { type PendingVerification, RegisterForm } from '../../features/auth/components/register-form';
import { VerifyEmailStep } from '../../features/auth/components/verify-email-step';

export default function RegisterRoute() {
  const [pending, setPending] = useState<PendingVerification | null>(null);

  if (pending) {
    return (
      <AuthLayout
        title="Verificar Email"
        description="Falta pouco: confirme seu e-mail para ativar a conta."
        icon={
          <AuthIcon tone="green">
            <MailCheck aria-hidden />
          </AuthIcon>
        }
        footer={<AuthLink to="/login">Voltar para login</AuthLink>}
      >
        <VerifyEmailStep pending={pending} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Criar Conta"
      description="Use o mesmo e-mail da sua compra no Clube"
      footer={
        <>
          Já tem uma conta? <AuthLink to="/login">Fazer login</AuthLink>
        </>
      }
    >
      <RegisterForm onRegistered={setPending} />
    </AuthLayout>
  );
}
