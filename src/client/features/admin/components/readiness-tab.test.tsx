import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminReadiness, DemoContentCounts } from '../../../../shared/schemas/admin';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import ReadinessTab from './readiness-tab';

afterEach(() => vi.unstubAllGlobals());

const report = (demoState: 'ok' | 'fail' = 'fail'): AdminReadiness => ({
  production: true,
  items: [
    {
      id: 'app-url',
      title: 'Endereço público e TLS',
      state: 'ok',
      detail: 'APP_URL = https://clube.exemplo',
      fix: null,
    },
    {
      id: 'smtp',
      title: 'E-mail (SMTP)',
      state: 'ok',
      detail: 'SMTP smtp.exemplo.com:587',
      fix: null,
    },
    {
      id: 'checkout-url',
      title: 'Link de compra',
      state: 'warn',
      detail: 'CHECKOUT_URL não definido: quem clica em assinar (/clube) vai para o suporte.',
      fix: 'Defina CHECKOUT_URL com o link de compra da Lastlink.',
    },
    {
      id: 'demo-content',
      title: 'Conteúdo de demonstração',
      state: demoState,
      detail:
        demoState === 'ok'
          ? 'Nenhum conteúdo de demonstração no banco.'
          : 'Ainda há conteúdo de demonstração.',
      fix: demoState === 'ok' ? null : 'Remova-o com npm run demo -- remove.',
    },
  ],
});

const zero: DemoContentCounts = {
  members: 0,
  offers: 0,
  submissions: 0,
  posts: 0,
  comments: 0,
  likes: 0,
  favorites: 0,
  lessons: 0,
  liveCalls: 0,
  notifications: 0,
  webhookEvents: 0,
  purchases: 0,
  banners: 0,
  files: 0,
  realComments: 0,
  realLikes: 0,
  realFavorites: 0,
};
const counts: DemoContentCounts = {
  ...zero,
  members: 8,
  offers: 40,
  posts: 13,
  comments: 31,
  realComments: 1,
};

const row = (title: string) => screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;

describe('ReadinessTab', () => {
  it('lists each item with its icon and word (never the colour alone), how it is, and the fix', async () => {
    vi.stubGlobal('fetch', createFetchStub({ 'GET /api/admin/readiness': () => json(200, report()) }).fetch);
    renderWithProviders(<ReadinessTab />);
    expect(await screen.findByRole('heading', { name: 'Pronto para produção' })).toBeTruthy();
    expect(screen.getByText(/Modo produção\. 1 faltando, 1 com atenção, 2 OK\./)).toBeTruthy();
    const checkout = row('Link de compra');
    expect(within(checkout).getByText('Atenção')).toBeTruthy();
    expect(checkout.querySelector('svg')).toBeTruthy();
    expect(within(checkout).getByText(/CHECKOUT_URL não definido/)).toBeTruthy();
    expect(checkout.textContent).toContain(
      'Como resolver: Defina CHECKOUT_URL com o link de compra da Lastlink.',
    );
    expect(within(row('Endereço público e TLS')).getByText('OK')).toBeTruthy();
    expect(within(row('Endereço público e TLS')).queryByText(/Como resolver/)).toBeNull();
    expect(within(row('Conteúdo de demonstração')).getByText('Falta')).toBeTruthy();
  });

  it('sends the test e-mail and shows the server’s answer, or its SMTP reason', async () => {
    let fail = false;
    const stub = createFetchStub({
      'GET /api/admin/readiness': () => json(200, report()),
      'POST /api/admin/readiness/test-email': () =>
        fail
          ? json(502, {
              message:
                'Não foi possível enviar o e-mail de teste: o servidor SMTP recusou o usuário ou a senha: 535 Authentication failed.',
            })
          : json(200, {
              message: 'E-mail de teste enviado para dono@clube.exemplo por SMTP smtp.exemplo.com:587.',
            }),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<ReadinessTab />);
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Enviar e-mail de teste' });
    expect(row('E-mail (SMTP)').contains(button)).toBe(true);
    await user.click(button);
    expect(await screen.findByText(/E-mail de teste enviado para dono@clube\.exemplo/)).toBeTruthy();
    fail = true;
    await user.click(button);
    expect(await screen.findByText('E-mail de teste não enviado')).toBeTruthy();
    expect(screen.getByText(/recusou o usuário ou a senha: 535 Authentication failed/)).toBeTruthy();
    expect(stub.requestsTo('POST /api/admin/readiness/test-email')).toHaveLength(2);
    expect(stub.unexpected).toEqual([]);
  });

  it('removing the demo content shows the counts first (a real member’s comment named), removes on confirm, shows what went', async () => {
    let removed = false;
    const stub = createFetchStub({
      'GET /api/admin/readiness': () => json(200, report(removed ? 'ok' : 'fail')),
      'GET /api/admin/demo-content': () => json(200, counts),
      'DELETE /api/admin/demo-content': () => {
        removed = true;
        return json(200, counts);
      },
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<ReadinessTab />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remover conteúdo de demonstração' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover conteúdo de demonstração?' });
    expect(await within(dialog).findByText('Membros de demonstração')).toBeTruthy();
    expect(within(dialog).getByText('40')).toBeTruthy();
    expect(dialog.textContent).toContain(
      'De membros reais, em conteúdo de demonstração (vão junto): 1 comentários.',
    );
    // Nothing is removed until confirmed; cancelling removes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stub.requestsTo('DELETE /api/admin/demo-content')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remover conteúdo de demonstração' }));
    const again = await screen.findByRole('dialog');
    await within(again).findByText('Membros de demonstração');
    await user.click(within(again).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByRole('heading', { name: 'Conteúdo de demonstração removido' })).toBeTruthy();
    expect(stub.requestsTo('DELETE /api/admin/demo-content')).toHaveLength(1);
    // The list is read again: the item is OK and its button gone.
    await waitFor(() => expect(within(row('Conteúdo de demonstração')).getByText('OK')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Remover conteúdo de demonstração' })).toBeNull();
    expect(stub.unexpected).toEqual([]);
  });
});
