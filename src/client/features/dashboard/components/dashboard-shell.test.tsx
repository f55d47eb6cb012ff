import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SUPPORT_PATH } from '../../../../shared/club';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { ACTIVE_TAB_STORAGE_KEY } from '../hooks/use-active-tab';
import { DashboardShell } from './dashboard-shell';

const renderShell = () =>
  renderWithProviders(
    <DashboardShell headerActions={null} renderTab={(tab) => <p>{`conteúdo ${tab.id}`}</p>} />,
  );

afterEach(() => localStorage.clear());

describe('DashboardShell', () => {
  it('opens ofertas-escaladas by default with its title and subtitle', () => {
    renderShell();
    expect(screen.getByRole('heading', { level: 1, name: 'Ofertas Escaladas' })).toBeTruthy();
    expect(screen.getAllByText('As ofertas que mais estão escalando agora').length).toBeGreaterThan(0);
    expect(screen.getByText('conteúdo ofertas-escaladas')).toBeTruthy();
  });

  it('switches tabs and remembers the choice; no tab is disabled as coming soon', () => {
    renderShell();
    const nav = screen.getByRole('navigation');
    fireEvent.click(within(nav).getByRole('button', { name: 'Ranking' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Ranking do Mês' })).toBeTruthy();
    expect(localStorage.getItem(ACTIVE_TAB_STORAGE_KEY)).toBe('ranking');

    const disabled = within(nav)
      .getAllByRole('button')
      .filter((b) => (b as HTMLButtonElement).disabled);
    expect(disabled).toHaveLength(0);
    expect(within(nav).queryByText('Em breve')).toBeNull();
    fireEvent.click(within(nav).getByRole('button', { name: 'Gerador de VSL' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Gerador de VSL' })).toBeTruthy();
    expect(localStorage.getItem(ACTIVE_TAB_STORAGE_KEY)).toBe('gerador-vsl');
  });

  it('opens the tab named in the URL, and an unknown one falls back to the default tab', () => {
    localStorage.setItem(ACTIVE_TAB_STORAGE_KEY, 'favoritos');
    const first = renderWithProviders(
      <DashboardShell headerActions={null} renderTab={(tab) => <p>{`conteúdo ${tab.id}`}</p>} />,
      { url: '/dashboard?tab=comunidade' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Comunidade' })).toBeTruthy();
    expect(screen.getByText('conteúdo comunidade')).toBeTruthy();
    first.unmount();
    renderWithProviders(
      <DashboardShell headerActions={null} renderTab={(tab) => <p>{`conteúdo ${tab.id}`}</p>} />,
      { url: '/dashboard?tab=nao-existe' },
    );
    expect(screen.getByText('conteúdo ofertas-escaladas')).toBeTruthy();
  });

  it('restores the stored tab and toggles the sidebar', () => {
    localStorage.setItem(ACTIVE_TAB_STORAGE_KEY, 'favoritos');
    renderShell();
    expect(screen.getByText('conteúdo favoritos')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Fechar menu' }));
    expect(screen.queryByRole('navigation')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Abrir menu' }));
    expect(screen.getByRole('navigation')).toBeTruthy();
  });

  it('support menu: tutorial modal and a support link opening in a new tab', async () => {
    renderShell();
    // The bubble appears once the page has loaded (jsdom's load has fired) and its chunk has arrived.
    fireEvent.keyDown(await screen.findByRole('button', { name: 'Ajuda e suporte' }), { key: 'Enter' });
    const link = await screen.findByRole('menuitem', { name: /Suporte/ });
    expect(link.getAttribute('href')).toBe(SUPPORT_PATH);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Como entrar no grupo de networking' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/número diferente/)).toBeTruthy();
  });
});
