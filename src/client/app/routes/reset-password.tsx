import { KeyRound, LinkIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { AuthIcon, AuthLayout, AuthLink } from '../../features/auth/components/auth-layout';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';

export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim();

  if (!token) {
    return (
      <AuthLayout
        title="Link inválido"
        icon={
          <AuthIcon tone="orange">
            <LinkIcon aria-hidden />
          </AuthIcon>
        }
        description="Este link de redefinição de senha está incompleto. Abra o link exatamente como veio no e-mail ou peça um novo."
      >
        <Link to="/forgot-password" className={buttonClass({ size: 'lg', className: 'w-full' })}>
          Solicitar novo link
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Criar nova senha"
      description="Escolha uma nova senha para a sua conta."
      icon={
        <AuthIcon tone="green">
          <KeyRound aria-hidden />
        </AuthIcon>
      }
      footer={<AuthLink to="/login">Voltar para o login</AuthLink>}
    >
      <ResetPasswordForm token={token} />
    </AuthLayout>
  );
}
