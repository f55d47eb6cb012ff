import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../shared/schemas/auth';
import { createFetchStub, json, renderWithProviders } from '../../testing/render-with-providers';
import AdminRoute from './admin';

const member: CurrentUser = {
  id: 'u1',
  name: 'Maria',
  email: 'maria@exemplo.com',
  createdAt: '2025-01-01T00:00:00.000Z',
  lastLogin: null,
  planType: 'Mentoria Mensal',
  uniqueId: '123456',
  status: 'Ativo',
  emailVerified: true,
  isAdmin: false,
  balance: 0,
  points: 0,
};

afterEach(() => vi.unstubAllGlobals());

describe('/admin', () => {
  it("sends a non-admin to '/' with 'Acesso Negado'", async () => {
    const stub = createFetchStub({ 'GET /api/auth/user': () => json(200, member) });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<AdminRoute />, { url: '/admin' });
    expect(await screen.findByText('Página /')).toBeTruthy();
    expect(await screen.findByText('Acesso Negado')).toBeTruthy();
    expect(screen.getByText('Você não tem permissão para acessar o painel de administração.')).toBeTruthy();
    expect(stub.unexpected).toEqual([]);
  });

  it("opens on 'Visão geral' (the owner's overview)", async () => {
    const stub = createFetchStub({
      'GET /api/auth/user': () => json(200, { ...member, isAdmin: true }),
      // The overview's counters load when it opens (their screen has its own tests).
      'GET /api/admin/stats': () => json(503, { message: 'Indisponível' }),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<AdminRoute />, { url: '/admin' });
    expect((await screen.findByRole('tab', { name: 'Visão geral' })).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Ofertas Escaladas' }).getAttribute('aria-selected')).toBe(
      'false',
    );
  });

  it('honours ?tab=', async () => {
    const stub = createFetchStub({
      'GET /api/auth/user': () => json(200, { ...member, isAdmin: true }),
      // The two offer tabs (features/admin-offers) load their lists when opened.
      'GET /api/admin/offers?sort=default&page=1&pageSize=24': () =>
        json(200, { items: [], total: 0, page: 1, pageSize: 24 }),
      'GET /api/admin/user-offers': () => json(200, []),
    });
    vi.stubGlobal('fetch', stub.fetch);
    const first = renderWithProviders(<AdminRoute />, { url: '/admin?tab=escaladas' });
    expect(
      (await screen.findByRole('tab', { name: 'Ofertas Escaladas' })).getAttribute('aria-selected'),
    ).toBe('true');
    first.unmount();
    renderWithProviders(<AdminRoute />, { url: '/admin?tab=ofertas-usuarios' });
    expect((await screen.findByRole('tab', { name: 'Ofertas Usuários' })).getAttribute('aria-selected')).toBe(
      'true',
    );
    // The ranking review comes right after the owner's overview.
    expect(
      screen
        .getAllByRole('tab')
        .slice(0, 3)
        .map((tab) => tab.textContent),
    ).toEqual(['Visão geral', 'Ranking', 'Usuários']);
    expect(stub.unexpected).toEqual([]);
  });
});
