import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../../shared/schemas/auth';
import { ADMIN_MODE_KEY } from '../../../lib/admin-mode';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { ProfileMenu } from './profile-menu';

const member: CurrentUser = {
  id: 'u1',
  name: 'maria Silva',
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

const open = () =>
  fireEvent.keyDown(screen.getByRole('button', { name: /^Menu do perfil/ }), { key: 'Enter' });

afterEach(() => localStorage.clear());

describe('ProfileMenu', () => {
  it('shows the initial and only Perfil and Sair da Conta to a member', async () => {
    renderWithProviders(<ProfileMenu user={member} />);
    expect(screen.getByText('M')).toBeTruthy();
    open();
    expect(await screen.findByRole('menuitem', { name: /Perfil/ })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: /Sair da Conta/ })).toBeTruthy();
    expect(screen.queryByText('Modo Admin')).toBeNull();
    expect(screen.queryByText('Painel Admin')).toBeNull();
  });

  it('lets the admin toggle admin mode (kept in localStorage) and shows the red dot', async () => {
    renderWithProviders(<ProfileMenu user={{ ...member, isAdmin: true }} />);
    open();
    const toggle = await screen.findByRole('menuitemcheckbox', { name: /Modo Admin/ });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByRole('img', { name: 'Modo Admin ativo' })).toBeNull();
    fireEvent.click(toggle);
    expect(localStorage.getItem(ADMIN_MODE_KEY)).toBe('true');
    expect(screen.getByRole('menuitemcheckbox', { name: /Modo Admin/ }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(screen.getByRole('img', { name: 'Modo Admin ativo' })).toBeTruthy();
  });

  it('goes to /perfil', async () => {
    renderWithProviders(<ProfileMenu user={member} />);
    open();
    fireEvent.click(await screen.findByRole('menuitem', { name: /Perfil/ }));
    expect(await screen.findByText('Página /perfil')).toBeTruthy();
  });
});
