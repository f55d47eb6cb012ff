import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderScreen, stubApi } from '../../features/auth/test-utils';
import ResetPasswordRoute from './reset-password';

const TOKEN = 'tok_0123456789abcdef';

async function submitPasswords(password: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Nova senha'), password);
  await user.type(screen.getByLabelText('Confirmar nova senha'), confirm);
  await user.click(screen.getByRole('button', { name: 'Redefinir senha' }));
}

describe('/redefinir-senha', () => {
  it('without a token explains and links to /forgot-password', () => {
    renderScreen(<ResetPasswordRoute />, { url: '/redefinir-senha' });
    expect(screen.getByRole('heading', { name: 'Link inválido' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Solicitar novo link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.queryByLabelText('Nova senha')).toBeNull();
  });

  it('checks the confirmation before calling the server', async () => {
    const api = stubApi({});
    renderScreen(<ResetPasswordRoute />, { url: `/redefinir-senha?token=${TOKEN}` });
    await submitPasswords('nova-senha', 'outra-senha');
    expect(await screen.findByText('As senhas devem ser iguais')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('sends token and password, toasts and goes to /login', async () => {
    const api = stubApi({
      'POST /api/auth/reset-password': () => jsonResponse(200, { message: 'Senha alterada.' }),
      'GET /api/auth/user': () => jsonResponse(401, { message: 'Não autenticado' }),
    });
    renderScreen(<ResetPasswordRoute />, { url: `/redefinir-senha?token=${TOKEN}` });
    await submitPasswords('nova-senha', 'nova-senha');
    expect(await screen.findByText('Página /login')).toBeTruthy();
    expect(screen.getByText('Senha redefinida')).toBeTruthy();
    expect(api.requestsTo('POST /api/auth/reset-password')).toEqual([
      { token: TOKEN, password: 'nova-senha' },
    ]);
  });

  it('shows the server message when the link is no longer valid', async () => {
    stubApi({
      'POST /api/auth/reset-password': () => jsonResponse(400, { message: 'Link de redefinição expirado.' }),
    });
    renderScreen(<ResetPasswordRoute />, { url: `/redefinir-senha?token=${TOKEN}` });
    await submitPasswords('nova-senha', 'nova-senha');
    expect(await screen.findByText('Link de redefinição expirado.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Solicitar um novo link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });
});
