import { fireEvent, screen, waitFor } from '@testing-library/react';
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

const FIRST = 'GET /api/admin/users?sort=newest&page=1';
const page = (items: AdminUser[], total = items.length) => ({ items, total, page: 1, pageSize: 25 });

describe('UsersTab', () => {
  it('cancels, reactivates and verifies through the API with the spec toasts', async () => {
    const stub = createFetchStub({
      [FIRST]: () => json(200, page(users)),
      'GET /api/admin/stats': () => json(200, {}),
      'PATCH /api/admin/users/a/status': () => json(200, base),
      'PATCH /api/admin/users/b/status': () => json(400, { message: 'Plano inativo.' }),
      'PATCH /api/admin/users/b/verify': () => json(200, base),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<UsersTab />);
    expect(await screen.findByText('Ana Souza')).toBeTruthy();
    expect(screen.getAllByText('Nunca', { selector: 'td' })).toHaveLength(2);

    // 'Cancelar' asks first and says what happens; 'Voltar' changes nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    const ask = await screen.findByRole('dialog', { name: 'Cancelar este usuário?' });
    expect(ask.textContent).toContain('Ana Souza (ana@exemplo.com) perde o acesso ao clube agora');
    expect(ask.textContent).toContain('todas as sessões dele são encerradas');
    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stub.calls.filter((c) => c.method === 'PATCH')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar usuário' }));
    expect(await screen.findByText('Usuário cancelado')).toBeTruthy();
    expect(stub.calls.find((c) => c.path === '/api/admin/users/a/status')?.body).toEqual({
      status: 'Cancelado',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Reativar' }));
    expect((await screen.findByRole('dialog', { name: 'Reativar este usuário?' })).textContent).toContain(
      'volta a poder entrar no clube',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reativar usuário' }));
    expect(await screen.findByText('Plano inativo.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Usuário aprovado')).toBeTruthy();
    expect(stub.calls.find((c) => c.path === '/api/admin/users/b/verify')?.body).toEqual({
      emailVerified: true,
    });
    expect(stub.unexpected).toEqual([]);
  });

  it('asks the server after the debounce, and explains an empty filtered list', async () => {
    const stub = createFetchStub({
      [FIRST]: () => json(200, page(users)),
      'GET /api/admin/users?sort=newest&page=1&search=zzz': () => json(200, page([])),
      'GET /api/admin/users?sort=newest&page=1&search=bruno%40': () =>
        json(200, page([users[1] as AdminUser])),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<UsersTab />);
    await screen.findByText('Bruno');
    fireEvent.change(screen.getByLabelText('Buscar por nome ou e-mail'), { target: { value: 'zzz' } });
    // Still listed until the 300 ms debounce passes.
    expect(screen.getByText('Bruno')).toBeTruthy();
    expect(await screen.findByText('Nenhum usuário encontrado com os filtros aplicados')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Buscar por nome ou e-mail'), { target: { value: 'bruno@' } });
    expect(await screen.findByText('Bruno')).toBeTruthy();
    expect(screen.queryByText('Ana Souza')).toBeNull();
    expect(stub.unexpected).toEqual([]);
  });

  it('pages through the list with the total from the server', async () => {
    const stub = createFetchStub({
      [FIRST]: () => json(200, { items: [users[0]], total: 30, page: 1, pageSize: 25 }),
      'GET /api/admin/users?sort=newest&page=2': () =>
        json(200, { items: [users[1]], total: 30, page: 2, pageSize: 25 }),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<UsersTab />);
    expect(await screen.findByText('Página 1 de 2')).toBeTruthy();
    expect(screen.getByLabelText('30 usuários')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Próxima/ }));
    expect(await screen.findByText('Página 2 de 2')).toBeTruthy();
    expect(await screen.findByText('Bruno')).toBeTruthy();
    expect(stub.unexpected).toEqual([]);
  });

  it("says 'Nenhum usuário encontrado' when there are no users at all", async () => {
    vi.stubGlobal('fetch', createFetchStub({ [FIRST]: () => json(200, page([])) }).fetch);
    renderWithProviders(<UsersTab />);
    expect(await screen.findByText('Nenhum usuário encontrado')).toBeTruthy();
  });
});
