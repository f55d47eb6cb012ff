import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_FORM_MESSAGE } from '../../../../shared/schemas/notifications';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import { NotificationsTab } from './notifications-tab';

afterEach(() => vi.unstubAllGlobals());

const SENT = {
  id: 'n1',
  title: 'Nova call',
  description: 'Quinta às 20h',
  createdAt: '2026-11-20T12:00:00.000Z',
  recipients: 3,
};

describe('NotificationsTab form', () => {
  it('keeps the button off until both fields have text, sends them trimmed and clears the form', async () => {
    const stub = createFetchStub({
      'GET /api/admin/notifications': () => json(200, []),
      'POST /api/admin/notifications': () => json(201, SENT),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<NotificationsTab />, { url: '/admin' });
    const button = screen.getByRole('button', { name: 'Enviar para todos os usuários' }) as HTMLButtonElement;
    expect(screen.getByText(NOTIFICATION_FORM_MESSAGE)).toBeTruthy();
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Título'), { target: { value: '  Nova call ' } });
    fireEvent.change(screen.getByLabelText('Descrição'), { target: { value: '   ' } });
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Descrição'), { target: { value: 'Quinta às 20h' } });
    expect(button.disabled).toBe(false);
    expect(screen.queryByText(NOTIFICATION_FORM_MESSAGE)).toBeNull();
    fireEvent.click(button);
    await waitFor(() =>
      expect(stub.calls.find((c) => c.method === 'POST')?.body).toEqual({
        title: 'Nova call',
        description: 'Quinta às 20h',
      }),
    );
    await waitFor(() => expect((screen.getByLabelText('Título') as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText('Descrição') as HTMLTextAreaElement).value).toBe('');
  });
});
