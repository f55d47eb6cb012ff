import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Membership } from '../../../../shared/schemas/profile';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import { ChangePasswordCard } from './change-password-card';
import { MembershipCard } from './membership-card';

afterEach(() => vi.unstubAllGlobals());

const membership: Membership = {
  planName: 'Mentoria Semestral',
  isAdmin: false,
  since: '2026-05-02T15:00:00.000Z',
  lastPaymentAt: '2026-11-02T15:00:00.000Z',
  renewsAt: '2027-05-02T15:00:00.000Z',
  canceledAt: null,
  endedBy: null,
  points: 1,
};

describe('MembershipCard', () => {
  it('shows the plan, since when, the last payment, the next renewal and the points', async () => {
    vi.stubGlobal(
      'fetch',
      createFetchStub({ 'GET /api/user/membership': () => json(200, membership) }).fetch,
    );
    renderWithProviders(<MembershipCard />);
    expect(await screen.findByText('Mentoria Semestral')).toBeTruthy();
    expect(screen.getByText('02/05/2026')).toBeTruthy();
    expect(screen.getByText('02/11/2026')).toBeTruthy();
    expect(screen.getByText('02/05/2027')).toBeTruthy();
    expect(screen.getByText('1 ponto')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Renovar ou trocar de plano/ }).getAttribute('href')).toBe(
      '/clube',
    );
    expect(screen.getByRole('link', { name: 'Falar com o suporte' }).getAttribute('href')).toBe('/suporte');
  });

  it('says so when the checkout announced no renewal date', async () => {
    vi.stubGlobal(
      'fetch',
      createFetchStub({
        'GET /api/user/membership': () =>
          json(200, { ...membership, renewsAt: null, lastPaymentAt: null, points: 30 }),
      }).fetch,
    );
    renderWithProviders(<MembershipCard />);
    expect(await screen.findByText('A Lastlink ainda não informou a data')).toBeTruthy();
    expect(screen.getByText('Nenhum pagamento registrado')).toBeTruthy();
    expect(screen.getByText('30 pontos')).toBeTruthy();
  });
});

describe('MembershipCard after the checkout ended the subscription', () => {
  it('shows how and when it ended instead of a renewal', async () => {
    vi.stubGlobal(
      'fetch',
      createFetchStub({
        'GET /api/user/membership': () =>
          json(200, {
            ...membership,
            renewsAt: null,
            canceledAt: '2026-04-10T15:00:00.000Z',
            endedBy: 'subscription_canceled',
          }),
      }).fetch,
    );
    renderWithProviders(<MembershipCard />);
    expect(await screen.findByText('Assinatura cancelada em')).toBeTruthy();
    expect(screen.getByText(/^10\/04\/2026/)).toBeTruthy();
    expect(screen.getByText(/Sem renovação: o acesso pela assinatura terminou nessa data/)).toBeTruthy();
    expect(screen.queryByText('Próxima renovação')).toBeNull();
  });

  it('names a refund, and an ending the checkout did not describe', async () => {
    let endedBy: Membership['endedBy'] = 'payment_refund';
    vi.stubGlobal(
      'fetch',
      createFetchStub({
        'GET /api/user/membership': () =>
          json(200, { ...membership, renewsAt: null, canceledAt: '2026-04-10T15:00:00.000Z', endedBy }),
      }).fetch,
    );
    const view = renderWithProviders(<MembershipCard />);
    expect(await screen.findByText('Pagamento reembolsado em')).toBeTruthy();
    view.unmount();
    endedBy = null;
    renderWithProviders(<MembershipCard />);
    expect(await screen.findByText('Assinatura encerrada em')).toBeTruthy();
  });
});

describe('ChangePasswordCard', () => {
  it('checks the confirmation, sends the two passwords and shows a wrong current password beside its field', async () => {
    let answer = json(400, { message: 'Senha atual incorreta' });
    const stub = createFetchStub({ 'POST /api/user/password': () => answer });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<ChangePasswordCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
    fireEvent.change(screen.getByLabelText('Senha atual'), { target: { value: 'errada-1' } });
    fireEvent.change(screen.getByLabelText('Nova senha'), { target: { value: 'nova-senha-1' } });
    fireEvent.change(screen.getByLabelText('Confirmar nova senha'), { target: { value: 'outra-coisa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText('As senhas devem ser iguais')).toBeTruthy();
    expect(stub.calls).toEqual([]);

    fireEvent.change(screen.getByLabelText('Confirmar nova senha'), { target: { value: 'nova-senha-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText('Senha atual incorreta')).toBeTruthy();
    expect(stub.calls[0]?.body).toEqual({ currentPassword: 'errada-1', newPassword: 'nova-senha-1' });

    answer = json(200, { message: 'Senha alterada! As outras sessões abertas foram encerradas.' });
    fireEvent.change(screen.getByLabelText('Senha atual'), { target: { value: 'certa-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText('Senha alterada')).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText('Senha atual')).toBeNull());
  });
});
