import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ForgotPasswordRoute from '../../../app/routes/forgot-password';
import { jsonResponse, renderScreen, stubApi } from '../test-utils';

afterEach(() => {
  vi.useRealTimers();
});

async function submitEmail(email: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'ENVIAR LINK DE RECUPERAÇÃO' }));
  return user;
}

describe('/forgot-password', () => {
  it('validates the e-mail before calling the server', async () => {
    const api = stubApi({});
    renderScreen(<ForgotPasswordRoute />, { url: '/forgot-password' });
    await submitEmail('ana.exemplo.com');
    expect(await screen.findByText('E-mail inválido')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('an unknown e-mail shows the orange banner, which hides itself after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({
      'POST /api/auth/forgot-password': () => jsonResponse(404, { message: 'E-mail não encontrado' }),
    });
    renderScreen(<ForgotPasswordRoute />, { url: '/forgot-password' });
    await submitEmail('ninguem@exemplo.com');
    const banner = (await screen.findByText('E-mail não encontrado')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(banner.className).toContain('notice');
    expect(screen.queryByText('Erro ao enviar e-mail')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(screen.queryByText('E-mail não encontrado')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(screen.queryByText('E-mail não encontrado')).toBeNull();
  });

  it('the banner closes by hand', async () => {
    stubApi({
      'POST /api/auth/forgot-password': () => jsonResponse(404, { message: 'E-mail não encontrado' }),
    });
    renderScreen(<ForgotPasswordRoute />, { url: '/forgot-password' });
    const user = await submitEmail('ninguem@exemplo.com');
    await screen.findByText('E-mail não encontrado');
    await user.click(screen.getByRole('button', { name: 'Fechar aviso' }));
    expect(screen.queryByText('E-mail não encontrado')).toBeNull();
  });

  it('other failures toast "Erro ao enviar e-mail" with the message', async () => {
    stubApi({ 'POST /api/auth/forgot-password': () => jsonResponse(429, { message: 'Muitas tentativas.' }) });
    renderScreen(<ForgotPasswordRoute />, { url: '/forgot-password' });
    await submitEmail('ana@exemplo.com');
    expect(await screen.findByText('Erro ao enviar e-mail')).toBeTruthy();
    expect(screen.getByText('Muitas tentativas.')).toBeTruthy();
  });

  it('success shows "E-MAIL ENVIADO"; resend returns to the form with the e-mail kept', async () => {
    const api = stubApi({ 'POST /api/auth/forgot-password': () => jsonResponse(200, { message: 'ok' }) });
    renderScreen(<ForgotPasswordRoute />, { url: '/forgot-password' });
    const user = await submitEmail('ana@exemplo.com');
    expect(await screen.findByRole('heading', { name: 'E-MAIL ENVIADO' })).toBeTruthy();
    expect(screen.getByText('E-mail enviado')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar para o login' }).getAttribute('href')).toBe('/login');
    expect(api.requestsTo('POST /api/auth/forgot-password')).toEqual([{ email: 'ana@exemplo.com' }]);

    await user.click(screen.getByRole('button', { name: 'Reenviar e-mail' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ana@exemplo.com');
  });
});
