import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderScreen, stubApi } from '../../features/auth/test-utils';
import VerifyEmailRoute from './verify-email';

describe('/verificar-email', () => {
  it('posts the link once (even under StrictMode) and then offers the login', async () => {
    const api = stubApi({
      'POST /api/auth/verify-email': () => jsonResponse(200, { message: 'E-mail verificado com sucesso.' }),
    });
    renderScreen(<VerifyEmailRoute />, { url: '/verificar-email?uid=42&token=abcdef0123456789' });
    expect(screen.getByText('Verificando seu e-mail...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'E-mail verificado!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir para o login' }).getAttribute('href')).toBe('/login');
    expect(api.requestsTo('POST /api/auth/verify-email')).toEqual([
      { userId: '42', token: 'abcdef0123456789' },
    ]);
  });

  it('shows the server message and how to get a new e-mail when the link fails', async () => {
    stubApi({
      'POST /api/auth/verify-email': () => jsonResponse(400, { message: 'Link de verificação expirado.' }),
    });
    renderScreen(<VerifyEmailRoute />, { url: '/verificar-email?uid=42&token=velho' });
    expect(await screen.findByText('Link de verificação expirado.')).toBeTruthy();
    expect(screen.getByText(/a tela de login oferece o reenvio/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Criar conta' }).getAttribute('href')).toBe('/register');
  });

  it('without uid or token it fails at once and calls nothing', async () => {
    const api = stubApi({});
    renderScreen(<VerifyEmailRoute />, { url: '/verificar-email?token=abc' });
    expect(screen.getByRole('heading', { name: 'Não foi possível verificar' })).toBeTruthy();
    expect(screen.getByText('Link de verificação inválido.')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });
});
