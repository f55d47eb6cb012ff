import { AuthLayout, AuthLink } from '../../features/auth/components/auth-layout';
import { LoginForm } from '../../features/auth/components/login-form';

export default function LoginRoute() {
  return (
    <AuthLayout
      title="Entrar"
      description="Acesse sua conta do Clube Escala"
      footer={
        <>
          Não tem uma conta? <AuthLink to="/register">Criar conta</AuthLink>
        </>
      }
    >
      <LoginForm />
    </AuthLayout>
  );
}
