import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../../../lib/session/use-current-user';
import { makeUser } from '../../../testing/current-user';
import { jsonResponse, renderScreen, stubApi } from '../test-utils';
import { LoginForm } from './login-form';

const NO_PLAN_TEXT = `Você não tem plano ativo no Clube. Assine agora em: ${window.location.host}/clube ou chame o suporte`;
/** The spec's sentence, whose '/clube' and 'suporte' are links inside it. */
const NO_PLAN = (_: string, element: Element | null) =>
  element?.tagName === 'P' && element.textContent === NO_PLAN_TEXT;
const NOT_FOUND = 'Nenhuma conta encontrada. Crie a sua conta primeiro!';

afterEach(() => {
  vi.useRealTimers();
});

async function submitLogin(email = 'ana@exemplo.com', password = 'segredo1') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Senha'), password);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
  return user;
}

function failLoginWith(status: number, body: Record<string, unknown>) {
  return stubApi({ 'POST /api/auth/login': () => jsonResponse(status, body) });
}

describe('LoginForm', () => {
  it('shows the field messages of loginInput and calls nothing', async () => {
    const api = stubApi({});
    renderScreen(<LoginForm />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    // Both fields, and the toast 'Campos obrigatórios' / 'Email e senha são obrigatórios'.
    const toast = (await screen.findByText('Campos obrigatórios')).closest(
      '[data-sonner-toast]',
    ) as HTMLElement;
    expect(within(toast).getByText('Email e senha são obrigatórios')).toBeTruthy();
    expect(screen.getAllByText('Email e senha são obrigatórios')).toHaveLength(3);

    await user.type(screen.getByLabelText('Email'), 'nao-e-email');
    await user.type(screen.getByLabelText('Senha'), '123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('E-mail inválido')).toBeTruthy();
    expect(screen.getByText('Senha deve ter pelo menos 6 caracteres')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('on success stores the user, toasts and goes to /', async () => {
    const me = { ...makeUser(false), name: 'Ana', email: 'ana@exemplo.com' };
    const api = stubApi({ 'POST /api/auth/login': () => jsonResponse(200, me) });
    const { queryClient } = renderScreen(<LoginForm />, { url: '/login' });
    await submitLogin('  ana@exemplo.com ');
    expect(await screen.findByText('Página /')).toBeTruthy();
    expect(await screen.findByText('Login realizado com sucesso!')).toBeTruthy();
    expect(queryClient.getQueryData(currentUserKey)).toEqual(me);
    expect(api.requestsTo('POST /api/auth/login')).toEqual([
      { email: 'ana@exemplo.com', password: 'segredo1' },
    ]);
  });

  it('accountCanceled shows the orange no-active-plan notice, which closes by hand', async () => {
    failLoginWith(403, { message: 'Conta cancelada', accountCanceled: true });
    renderScreen(<LoginForm />);
    const user = await submitLogin();
    const notice = (await screen.findByText(NO_PLAN)).closest('[role="alert"]') as HTMLElement;
    expect(notice.className).toContain('notice');
    // '/clube' leads to the checkout and 'suporte' to the support chat (the server's redirects).
    expect(
      within(notice)
        .getByRole('link', { name: `${window.location.host}/clube` })
        .getAttribute('href'),
    ).toBe('/clube');
    const support = within(notice).getByRole('link', { name: 'suporte' });
    expect(support.getAttribute('href')).toBe('/suporte');
    expect(support.getAttribute('target')).toBe('_blank');
    await user.click(within(notice).getByRole('button', { name: 'Fechar aviso' }));
    expect(screen.queryByText(NO_PLAN)).toBeNull();
  });

  it('the no-active-plan notice hides itself after 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    failLoginWith(403, { message: 'Conta cancelada', accountCanceled: true });
    renderScreen(<LoginForm />);
    await submitLogin();
    await screen.findByText(NO_PLAN);
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(screen.queryByText(NO_PLAN)).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(screen.queryByText(NO_PLAN)).toBeNull();
  });

  it('accountNotFound with requiresPurchase shows the no-active-plan notice', async () => {
    failLoginWith(404, { message: 'Compra não encontrada', accountNotFound: true, requiresPurchase: true });
    renderScreen(<LoginForm />);
    await submitLogin();
    expect(await screen.findByText(NO_PLAN)).toBeTruthy();
    expect(screen.queryByText(NOT_FOUND)).toBeNull();
  });

  it('accountNotFound alone shows the no-account notice with a link to /register', async () => {
    failLoginWith(404, { message: 'Conta não encontrada', accountNotFound: true });
    renderScreen(<LoginForm />);
    await submitLogin();
    const notice = (await screen.findByText(NOT_FOUND)).closest('[role="alert"]') as HTMLElement;
    expect(within(notice).getByRole('link', { name: 'Criar minha conta' }).getAttribute('href')).toBe(
      '/register',
    );
    expect(screen.queryByText(NO_PLAN)).toBeNull();
  });

  it('an unverified account shows the yellow banner; resending toasts and closes it', async () => {
    const api = stubApi({
      'POST /api/auth/login': () => jsonResponse(403, { message: 'E-mail não verificado.' }),
      'POST /api/auth/resend-verification': () => jsonResponse(200, { message: 'Enviamos um novo e-mail.' }),
    });
    renderScreen(<LoginForm />);
    const user = await submitLogin('bia@exemplo.com');
    const notice = (await screen.findByText('E-mail não verificado')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(notice.className).toContain('warning');
    await user.click(within(notice).getByRole('button', { name: 'Reenviar e-mail de verificação' }));
    expect(await screen.findByText('Email reenviado!')).toBeTruthy();
    expect(screen.queryByText('E-mail não verificado')).toBeNull();
    expect(api.requestsTo('POST /api/auth/resend-verification')).toEqual([{ email: 'bia@exemplo.com' }]);
  });

  it('a failed resend toasts and keeps the banner', async () => {
    stubApi({
      'POST /api/auth/login': () =>
        jsonResponse(403, { message: 'Email não verificado', emailNotVerified: true }),
      'POST /api/auth/resend-verification': () => jsonResponse(429, { message: 'Aguarde um minuto.' }),
    });
    renderScreen(<LoginForm />);
    const user = await submitLogin();
    await user.click(await screen.findByRole('button', { name: 'Reenviar e-mail de verificação' }));
    expect(await screen.findByText('Erro ao reenviar email')).toBeTruthy();
    expect(screen.getByText('E-mail não verificado')).toBeTruthy();
  });

  it('any other failure is a toast titled "Erro no login" with the server message', async () => {
    failLoginWith(401, { message: 'Email ou senha incorretos' });
    renderScreen(<LoginForm />);
    await submitLogin();
    expect(await screen.findByText('Erro no login')).toBeTruthy();
    expect(screen.getByText('Email ou senha incorretos')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Fechar aviso' })).toBeNull();
  });

  it('a 5xx toast ends with the error code the server gave (its request id), for the member to quote', async () => {
    failLoginWith(500, { message: 'Erro interno do servidor', code: 'c0d1g0-do-pedido-42' });
    renderScreen(<LoginForm />);
    await submitLogin();
    expect(await screen.findByText('Erro no login')).toBeTruthy();
    expect(screen.getByText('Erro interno do servidor. Código do erro: c0d1g0-do-pedido-42')).toBeTruthy();
  });

  it('shows only one notice at a time', async () => {
    let answer: Record<string, unknown> = { message: 'Conta cancelada', accountCanceled: true };
    stubApi({ 'POST /api/auth/login': () => jsonResponse(403, answer) });
    renderScreen(<LoginForm />);
    const user = await submitLogin();
    await screen.findByText(NO_PLAN);
    answer = { message: 'Conta não encontrada', accountNotFound: true };
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await screen.findByText(NOT_FOUND);
    await waitFor(() => expect(screen.queryByText(NO_PLAN)).toBeNull());
  });
});
