import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import RegisterRoute from '../../../app/routes/register';
import { toast } from '../../../lib/toast';
import { jsonResponse, renderScreen, stubApi } from '../test-utils';

const NO_PLAN_TEXT = `Você não tem plano ativo no Clube. Assine agora em: ${window.location.host}/clube ou chame o suporte`;
/** The spec's sentence, whose '/clube' and 'suporte' are links inside it. */
const NO_PLAN = (_: string, element: Element | null) =>
  element?.tagName === 'P' && element.textContent === NO_PLAN_TEXT;

type Values = { name?: string; email?: string; password?: string; confirm?: string };
const valid: Values = {
  name: 'Ana Souza',
  email: 'ana@exemplo.com',
  password: 'segredo1',
  confirm: 'segredo1',
};

async function submitRegister(values: Values) {
  const user = userEvent.setup();
  if (values.name) await user.type(screen.getByLabelText('Nome'), values.name);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Senha'), values.password);
  if (values.confirm) await user.type(screen.getByLabelText('Confirmar Senha'), values.confirm);
  await user.click(screen.getByRole('button', { name: 'Criar Conta' }));
  return user;
}

describe('/register validation', () => {
  it.each([
    [{}, 'Todos os campos são obrigatórios'],
    [{ ...valid, name: 'A' }, 'Nome deve ter pelo menos 2 caracteres'],
    [{ ...valid, email: 'ana@' }, 'E-mail inválido'],
    [{ ...valid, password: '12345', confirm: '12345' }, 'Senha deve ter pelo menos 6 caracteres'],
    [{ ...valid, confirm: 'outra-senha' }, 'Senhas não coincidem'],
  ] as Array<[Values, string]>)('%o shows "%s" and calls nothing', async (values, message) => {
    const api = stubApi({});
    renderScreen(<RegisterRoute />, { url: '/register' });
    await submitRegister(values);
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(api.calls).toEqual([]);
  });
});

describe('/register notices', () => {
  it("a confirmation that differs toasts 'Senhas não coincidem' / 'As senhas devem ser iguais'", async () => {
    stubApi({});
    renderScreen(<RegisterRoute />, { url: '/register' });
    await submitRegister({ ...valid, confirm: 'outra-senha' });
    const description = await screen.findByText('As senhas devem ser iguais');
    const toast = description.closest('[data-sonner-toast]') as HTMLElement;
    expect(within(toast).getByText('Senhas não coincidem')).toBeTruthy();
    // The field says it too.
    expect(screen.getByLabelText('Confirmar Senha').getAttribute('aria-invalid')).toBe('true');
  });

  it('other field messages bring no toast', async () => {
    stubApi({});
    const toastError = vi.spyOn(toast, 'error');
    onTestFinished(() => toastError.mockRestore());
    renderScreen(<RegisterRoute />, { url: '/register' });
    await submitRegister({ ...valid, name: 'A' });
    await screen.findByText('Nome deve ter pelo menos 2 caracteres');
    expect(toastError).not.toHaveBeenCalled();
  });
});

describe('/register', () => {
  it('sends only name, email and password, then verifies the typed code and goes to /login', async () => {
    const api = stubApi({
      'POST /api/auth/register': () =>
        jsonResponse(201, {
          message: 'Conta criada. Confira seu e-mail.',
          userId: '42',
          verificationToken: 'vt-1',
        }),
      'POST /api/auth/verify-email': () => jsonResponse(200, { message: 'E-mail verificado com sucesso.' }),
    });
    renderScreen(<RegisterRoute />, { url: '/register' });
    const user = await submitRegister(valid);

    expect(await screen.findByRole('heading', { name: 'Verificar Email' })).toBeTruthy();
    expect(screen.getByText('Conta criada!')).toBeTruthy();
    expect(screen.getByText('ana@exemplo.com')).toBeTruthy();
    expect(screen.getByText(/pasta de spam/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar para login' }).getAttribute('href')).toBe('/login');
    expect(api.requestsTo('POST /api/auth/register')).toEqual([
      { name: 'Ana Souza', email: 'ana@exemplo.com', password: 'segredo1' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Verificar Conta Manualmente' }));
    expect(await screen.findByText('O código tem 6 dígitos.')).toBeTruthy();
    expect(api.requestsTo('POST /api/auth/verify-email')).toEqual([]);

    await user.type(screen.getByLabelText('Código de verificação'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar Conta Manualmente' }));
    expect(await screen.findByText('Página /login')).toBeTruthy();
    expect(await screen.findByText('Email verificado!')).toBeTruthy();
    expect(api.requestsTo('POST /api/auth/verify-email')).toEqual([{ userId: '42', token: '123456' }]);
  });

  it('a wrong code toasts "Erro na verificação" and stays; "Reenviar e-mail" resends to the address', async () => {
    const api = stubApi({
      'POST /api/auth/register': () =>
        jsonResponse(201, { message: 'Conta criada.', userId: '42', verificationToken: 'vt-1' }),
      'POST /api/auth/verify-email': () => jsonResponse(400, { message: 'Código inválido ou expirado.' }),
      'POST /api/auth/resend-verification': () => jsonResponse(200, { message: 'Enviado.' }),
    });
    renderScreen(<RegisterRoute />, { url: '/register' });
    const user = await submitRegister(valid);
    await user.type(await screen.findByLabelText('Código de verificação'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verificar Conta Manualmente' }));
    expect(await screen.findByText('Erro na verificação')).toBeTruthy();
    expect(screen.getByText('Código inválido ou expirado.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Verificar Email' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Reenviar e-mail' }));
    expect(await screen.findByText('Email reenviado!')).toBeTruthy();
    expect(api.requestsTo('POST /api/auth/resend-verification')).toEqual([{ email: 'ana@exemplo.com' }]);
  });

  it('a failure mentioning "compra confirmada" shows the no-active-plan notice', async () => {
    stubApi({
      'POST /api/auth/register': () =>
        jsonResponse(403, { message: 'Não encontramos uma compra confirmada para este e-mail.' }),
    });
    renderScreen(<RegisterRoute />, { url: '/register' });
    await submitRegister(valid);
    expect(await screen.findByText(NO_PLAN)).toBeTruthy();
    expect(screen.queryByText('Erro no cadastro')).toBeNull();
  });

  it('any other failure toasts "Erro no cadastro" with the server message', async () => {
    stubApi({ 'POST /api/auth/register': () => jsonResponse(409, { message: 'E-mail já cadastrado' }) });
    renderScreen(<RegisterRoute />, { url: '/register' });
    await submitRegister(valid);
    expect(await screen.findByText('Erro no cadastro')).toBeTruthy();
    expect(screen.getByText('E-mail já cadastrado')).toBeTruthy();
    expect(screen.queryByText(NO_PLAN)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Criar Conta' })).toBeTruthy();
  });
});
