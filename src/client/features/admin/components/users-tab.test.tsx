import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '../../../../shared/schemas/admin';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import { UsersTab } from './users-tab';

const base: AdminUser = {
  id: 'a',
  name: 'Ana Souza',
  email: 'ana@exemplo.com',
  createdAt: '2025-01-10T00:00:00.000Z',
  lastLogin: null,
  planType: 'Mentoria Mensal',
  status: 'Ativo',
  statusChangedAt: null,
  emailVerified: true,
  isAdmin: false,
  uniqueId: '111111',
};
const users: AdminUser[] = [
  base,
  { ...base, id: 'b', name: 'Bruno', email: 'bruno@exemplo.com', status: 'Cancelado', emailVerified: false },
];

afterEach(() => vi.unstubAllGlobals());

describe('UsersTab', () => {
  it('cancels, reactivates and verifies through the API with the spec toasts', async () => {
    const stub = createFetchStub({
      'GET /api/admin/users': () => json(200, users),
      'GET /api/admin/stats': () => json(200, {}),
      'PATCH /api/admin/users/a/status': () => json(200, base),
      'PATCH /api/admin/users/b/status': () => json(400, { message: 'Plano inativo.' }),
      'PATCH /api/admin/users/b/verify': () => json(200, base),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<UsersTab />);
    expect(await screen.findByText('Ana Souza')).toBeTruthy();
    expect(screen.getAllByText('Nunca', { selector: 'td' })).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('Usuário cancelado')).toBeTruthy();
    expect(stub.calls.find((c) => c.path === '/api/admin/users/a/status')?.body).toEqual({
      status: 'Cancelado',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Reativar' }));
    expect(await screen.findByText('Plano inativo.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Usuário aprovado')).toBeTruthy();
    expect(stub.calls.find((c) => c.path === '/api/admin/users/b/verify')?.body).toEqual({
      emailVerified: true,
    });
    expect(stub.unexpected).toEqual([]);
  });

  it('searches after the debounce and explains an empty filtered list', async () => {
    vi.stubGlobal('fetch', createFetchStub({ 'GET /api/admin/users': () => json(200, users) }).fetch);
    renderWithProviders(<UsersTab />);
    await screen.findByText('Bruno');
    fireEvent.change(screen.getByLabelText('Buscar por nome ou e-mail'), { target: { value: 'zzz' } });
    // Still listed until the 300 ms debounce passes.
    expect(screen.getByText('Bruno')).toBeTruthy();
    expect(await screen.findByText('Nenhum usuário encontrado com os filtros aplicados')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Buscar por nome ou e-mail'), { target: { value: 'bruno@' } });
    expect(await screen.findByText('Bruno')).toBeTruthy();
    expect(screen.queryByText('Ana Souza')).toBeNull();
  });

  it("says 'Nenhum usuário encontrado' when there are no users at all", async () => {
    vi.stubGlobal('fetch', createFetchStub({ 'GET /api/admin/users': () => json(200, []) }).fetch);
    renderWithProviders(<UsersTab />);
    expect(await screen.findByText('Nenhum usuário encontrado')).toBeTruthy();
  });
});
