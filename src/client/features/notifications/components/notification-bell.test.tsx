import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberNotification } from '../../../../shared/schemas/notifications';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import { NotificationBell } from './notification-bell';

const notification = (id: string, isRead: boolean, description = 'Texto'): MemberNotification => ({
  id,
  title: `Aviso ${id}`,
  description,
  link: null,
  kind: 'admin',
  isRead,
  createdAt: '2025-05-01T15:30:00.000Z',
});

function stubApi(count: number, list: MemberNotification[], extra = {}) {
  const stub = createFetchStub({
    'GET /api/notifications/unread-count': () => json(200, { count }),
    'GET /api/notifications': () => json(200, list),
    ...extra,
  });
  vi.stubGlobal('fetch', stub.fetch);
  return stub;
}

afterEach(() => vi.unstubAllGlobals());

describe('NotificationBell', () => {
  it('asks for the count once the page has loaded, not with the first screen', async () => {
    const stub = stubApi(3, []);
    renderWithProviders(<NotificationBell />);
    expect(screen.getByRole('button', { name: 'Notificações' })).toBeTruthy();
    expect(stub.calls.filter((c) => c.path === '/api/notifications/unread-count')).toEqual([]);
    expect(await screen.findByTestId('unread-badge')).toHaveProperty('textContent', '3');
  });

  it("shows '9+' for 12 unread notifications", async () => {
    const stub = stubApi(12, []);
    renderWithProviders(<NotificationBell />);
    expect(await screen.findByTestId('unread-badge')).toHaveProperty('textContent', '9+');
    expect(screen.getByRole('button', { name: 'Notificações (12 não lidas)' })).toBeTruthy();
    expect(stub.unexpected).toEqual([]);
  });

  it('shows the exact number up to 9 and no badge at 0', async () => {
    stubApi(9, []);
    const first = renderWithProviders(<NotificationBell />);
    expect(await screen.findByTestId('unread-badge')).toHaveProperty('textContent', '9');
    first.unmount();
    stubApi(0, []);
    renderWithProviders(<NotificationBell />);
    await screen.findByRole('button', { name: 'Notificações' });
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });

  it('lists notifications, marks an unread one read on click and shows the empty state', async () => {
    const stub = stubApi(
      1,
      [notification('n1', false, 'Veja https://exemplo.com'), notification('n2', true)],
      {
        'PATCH /api/notifications/n1/read': () => json(200, { message: 'ok' }),
      },
    );
    renderWithProviders(<NotificationBell />);
    fireEvent.click(await screen.findByRole('button', { name: /Notificações/ }));
    const unread = await screen.findByRole('button', { name: 'Aviso n1 (não lida, marcar como lida)' });
    expect(screen.getByRole('link', { name: 'https://exemplo.com' }).getAttribute('target')).toBe('_blank');
    fireEvent.click(unread);
    await waitFor(() =>
      expect(stub.calls.some((c) => c.method === 'PATCH' && c.path === '/api/notifications/n1/read')).toBe(
        true,
      ),
    );
    // Clicking a read one sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Aviso n2' }));
    expect(stub.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
    expect(stub.unexpected).toEqual([]);
  });

  it('a notice with a link opens it inside the app, marks it read and closes the bell', async () => {
    const stub = stubApi(1, [{ ...notification('n3', false), link: '/dashboard?tab=subir-oferta' }], {
      'PATCH /api/notifications/n3/read': () => json(200, { message: 'ok' }),
    });
    renderWithProviders(<NotificationBell />);
    fireEvent.click(await screen.findByRole('button', { name: /Notificações/ }));
    const open = await screen.findByRole('link', { name: 'Abrir' });
    expect(open.getAttribute('href')).toBe('/dashboard?tab=subir-oferta');
    expect(open.getAttribute('target')).toBeNull();
    fireEvent.click(open);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Abrir' })).toBeNull());
    expect(stub.calls.some((c) => c.method === 'PATCH' && c.path === '/api/notifications/n3/read')).toBe(
      true,
    );
  });

  it("a community notice opens its post and comment on the board's tab, with its kind's icon", async () => {
    const link = '/dashboard?tab=comunidade&post=p1&comment=c1';
    const stub = stubApi(1, [
      { ...notification('n4', false), kind: 'comment', title: 'João e mais 3 comentaram no seu post', link },
      { ...notification('n5', true), kind: 'like', title: 'Ana curtiu seu post' },
    ]);
    renderWithProviders(<NotificationBell />);
    fireEvent.click(await screen.findByRole('button', { name: /Notificações/ }));
    const title = await screen.findByRole('button', { name: /João e mais 3 comentaram no seu post/ });
    const item = title.closest('li');
    expect(item?.getAttribute('data-kind')).toBe('comment');
    expect(item?.querySelector('svg.lucide-message-circle')).toBeTruthy();
    expect(
      screen
        .getByRole('button', { name: 'Ana curtiu seu post' })
        .closest('li')
        ?.querySelector('svg.lucide-heart'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Abrir' }).getAttribute('href')).toBe(link);
    expect(stub.unexpected).toEqual([]);
  });

  it("shows 'Nenhuma notificação' when the list is empty", async () => {
    stubApi(0, []);
    renderWithProviders(<NotificationBell />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notificações' }));
    expect(await screen.findByText('Nenhuma notificação')).toBeTruthy();
  });
});
