import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../../../shared/notification-kinds';
import type { NotificationPreferences } from '../../../../shared/schemas/notifications';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import { NotificationPreferencesCard } from './notification-preferences-card';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/api/user/notification-preferences';
const defaults = structuredClone(DEFAULT_PREFERENCES) as NotificationPreferences;

describe('NotificationPreferencesCard', () => {
  it('shows every kind with its e-mail and push choice and saves one change at a time', async () => {
    const stub = createFetchStub({
      [`GET ${PATH}`]: () => json(200, defaults),
      [`PUT ${PATH}`]: (body) => json(200, { ...defaults, ...(body as object) }),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<NotificationPreferencesCard />);

    const likes = await screen.findByLabelText('E-mail: Curtidas nos meus posts e comentários');
    expect((likes as HTMLSelectElement).value).toBe('hourly');
    expect((screen.getByLabelText('E-mail: Comentários nos meus posts') as HTMLSelectElement).value).toBe(
      'immediate',
    );
    // A reminder an hour before a call cannot wait for the hour.
    const reminder = screen.getByLabelText('E-mail: Lembrete de call ao vivo (1 hora antes)');
    expect(within(reminder).queryByRole('option', { name: 'A cada hora' })).toBeNull();
    expect(within(reminder).getByRole('option', { name: 'Desligado' })).toBeTruthy();
    expect(screen.getAllByRole('switch', { name: /^Push: / })).toHaveLength(8);

    fireEvent.change(likes, { target: { value: 'off' } });
    await waitFor(() => expect(stub.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(stub.calls.at(-1)?.body).toEqual({ like: { email: 'off', push: true } });

    fireEvent.click(screen.getByRole('switch', { name: 'Push: Menções a mim' }));
    await waitFor(() =>
      expect(stub.calls.at(-1)?.body).toEqual({ mention: { email: 'immediate', push: false } }),
    );
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Push: Menções a mim' }).getAttribute('aria-checked')).toBe(
        'false',
      ),
    );

    fireEvent.click(screen.getByRole('switch', { name: 'Resumo semanal por e-mail' }));
    await waitFor(() => expect(stub.calls.at(-1)?.body).toEqual({ digest: { email: 'off', push: false } }));
    expect(stub.unexpected).toEqual([]);
  });

  it('puts the stored choice back and says why when the server refuses it', async () => {
    const stub = createFetchStub({
      [`GET ${PATH}`]: () => json(200, defaults),
      [`PUT ${PATH}`]: () => json(400, { message: 'O push deve ser verdadeiro ou falso.' }),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<NotificationPreferencesCard />);
    const comments = await screen.findByLabelText('E-mail: Comentários nos meus posts');
    fireEvent.change(comments, { target: { value: 'hourly' } });
    expect(await screen.findByText('O push deve ser verdadeiro ou falso.')).toBeTruthy();
    await waitFor(() => expect((comments as HTMLSelectElement).value).toBe('immediate'));
  });
});
