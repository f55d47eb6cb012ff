import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import { WebhookTestCard } from './webhook-test-card';

afterEach(() => vi.unstubAllGlobals());

describe('WebhookTestCard', () => {
  it("checks the e-mail with the route's schema before sending anything", async () => {
    const stub = createFetchStub({});
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<WebhookTestCard />);
    const user = userEvent.setup();
    const field = screen.getByLabelText('E-mail de teste');

    await user.click(screen.getByRole('button', { name: 'Compra Confirmada' }));
    expect((await screen.findByRole('alert')).textContent).toBe('E-mail inválido');
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await user.type(field, 'nao-e-email');
    await user.click(screen.getByRole('button', { name: 'Assinatura Cancelada' }));
    expect(screen.getByRole('alert').textContent).toBe('E-mail inválido');
    expect(stub.calls).toEqual([]);
    expect(stub.unexpected).toEqual([]);
  });

  it('sends the clicked event with the trimmed e-mail and toasts the outcome', async () => {
    const stub = createFetchStub({
      'POST /api/admin/test-webhook': () =>
        json(200, { message: 'Webhook de teste processado', outcome: 'Assinatura cancelada.' }),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<WebhookTestCard />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail de teste'), '  bia@exemplo.com ');
    await user.click(screen.getByRole('button', { name: 'Assinatura Cancelada' }));

    expect(await screen.findByText('Webhook de teste processado')).toBeTruthy();
    await waitFor(() =>
      expect(stub.calls.filter((call) => call.method === 'POST')).toEqual([
        {
          method: 'POST',
          path: '/api/admin/test-webhook',
          body: { eventType: 'Subscription_Canceled', email: 'bia@exemplo.com' },
        },
      ]),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(stub.unexpected).toEqual([]);
  });
});
