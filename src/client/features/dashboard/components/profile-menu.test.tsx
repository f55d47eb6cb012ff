import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../../shared/schemas/auth';
import { ADMIN_MODE_KEY } from '../../../lib/admin-mode';
import { startPwa } from '../../../lib/pwa/pwa';
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
    // No install offer from this browser: no 'Instalar o app'.
    expect(screen.queryByRole('menuitem', { name: /Instalar o app/ })).toBeNull();
  });

  it("offers 'Instalar o app' once the browser allows installing, and opens the browser's dialog", async () => {
    startPwa(member);
    renderWithProviders(<ProfileMenu user={member} />);
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: vi.fn(async () => {}),
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => {
      window.dispatchEvent(offer);
    });
    expect(offer.defaultPrevented).toBe(true);
    open();
    fireEvent.click(await screen.findByRole('menuitem', { name: /Instalar o app/ }));
    await waitFor(() => expect(offer.prompt).toHaveBeenCalledOnce());
    // Used once: the browser makes a new offer if the member declined.
    open();
    await screen.findByRole('menuitem', { name: /Perfil/ });
    expect(screen.queryByRole('menuitem', { name: /Instalar o app/ })).toBeNull();
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
