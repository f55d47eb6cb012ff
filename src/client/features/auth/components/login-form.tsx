import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LOGIN_REQUIRED, REQUIRED_FIELDS_TITLE } from '../../../../shared/form-messages';
import type { LoginInput } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/lazy-zod-resolver';
import { toast } from '../../../lib/toast';
import { useLogin } from '../api/use-login';
import { type LoginNotice, loginNoticeFor } from './login-notice-kind';

// The notices show only after a failed login: their code (and icons) load after the screen, on idle.
const loadBanner = () => import('./login-notice');
const LoginNoticeBanner = lazy(loadBanner);
if (typeof window !== 'undefined') {
  (window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 200)))(() => void loadBanner());
}

// The same schema as POST /api/auth/login, loaded lazily: keeps Zod out of /login's first load. The form
// is two fields, so it is plain React state rather than react-hook-form (12 KB gzip off /login).
const loginSchema = lazySchema<LoginInput>(() =>
  import('../../../../shared/schemas/auth').then((m) => m.loginInput),
);

type FieldName = keyof LoginInput;
type Errors = Partial<Record<FieldName, string>>;

/** The first message of each field, like react-hook-form's resolver. */
async function validate(values: LoginInput): Promise<{ data?: LoginInput; errors: Errors }> {
  const result = (await loginSchema()).safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as FieldName;
    errors[field] ??= issue.message;
  }
  return { errors };
}

export function LoginForm() {
  const navigate = useNavigate();
  const login = useLogin();
  // One banner at a time; the id restarts its timer when the same notice comes again.
  const [notice, setNotice] = useState<{ id: number; value: LoginNotice } | null>(null);
  const noticeId = useRef(0);
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  // After the first submit the messages follow what is typed (react-hook-form's reValidateMode).
  const submitted = useRef(false);
  const fields = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const change = (field: FieldName) => (event: FormEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.currentTarget.value };
    setValues(next);
    if (submitted.current) void validate(next).then((r) => setErrors(r.errors));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const { data, errors: found } = await validate(values);
    setErrors(found);
    if (!data) {
      const first = (['email', 'password'] as const).find((f) => found[f]);
      if (first) fields[first].current?.focus();
      // Empty fields: the toast 'Campos obrigatórios' / 'Email e senha são obrigatórios' (the fields say it too).
      if (found.email === LOGIN_REQUIRED || found.password === LOGIN_REQUIRED) {
        toast.error(REQUIRED_FIELDS_TITLE, { description: LOGIN_REQUIRED });
      }
      return;
    }
    setNotice(null);
    login.mutate(data, {
      onSuccess: () => {
        toast.success('Login realizado com sucesso!');
        navigate('/');
      },
      onError: (error) => {
        const next = loginNoticeFor(error, data.email);
        if (next) {
          noticeId.current += 1;
          setNotice({ id: noticeId.current, value: next });
        } else {
          toast.error('Erro no login', { description: errorMessage(error, 'Erro no login') });
        }
      },
    });
  };

  return (
    <div className="space-y-5">
      {notice ? (
        <Suspense fallback={null}>
          <LoginNoticeBanner key={notice.id} notice={notice.value} onClose={() => setNotice(null)} />
        </Suspense>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field label="Email" htmlFor="login-email" error={errors.email}>
          <Input
            id="login-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="seu@email.com"
            aria-invalid={errors.email ? true : undefined}
            ref={fields.email}
            name="email"
            value={values.email}
            onChange={change('email')}
          />
        </Field>
        <Field label="Senha" htmlFor="login-password" error={errors.password}>
          <PasswordInput
            id="login-password"
            autoComplete="current-password"
            placeholder="Sua senha"
            aria-invalid={errors.password ? true : undefined}
            ref={fields.password}
            name="password"
            value={values.password}
            onChange={change('password')}
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
