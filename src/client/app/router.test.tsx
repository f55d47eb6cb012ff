import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../testing/current-user';
import { makePage } from '../testing/offers';
import { createFetchStub, json, renderWithProviders } from '../testing/render-with-providers';
import { AppRoutes } from './router';

afterEach(() => vi.unstubAllGlobals());

// The screens are lazy modules (import.meta.glob): their first import in a busy test run can take seconds.
const SLOW = { timeout: 10_000 };

function visit(url: string, signedIn: boolean) {
  const stub = createFetchStub({
    'GET /api/auth/user': () =>
      signedIn ? json(200, makeUser(false)) : json(401, { message: 'Não autenticado' }),
    // The dashboard's first requests (the member lands there): an empty catalogue and no banner.
    'GET /api/offers?sort=recent&page=1&pageSize=24': () => json(200, makePage([])),
    'GET /api/banners/active': () => json(200, { banner: null }),
  });
  vi.stubGlobal('fetch', stub.fetch);
  renderWithProviders(<AppRoutes />, { url, path: '*' });
  return stub;
}

describe('the routes built from the screens table', () => {
  it("sends a visitor from '/' to sign up and from '/dashboard' to sign in", async () => {
    visit('/', false);
    expect(await screen.findByRole('heading', { name: 'Criar Conta' }, SLOW)).toBeTruthy();
    cleanup();
    visit('/dashboard', false);
    expect(await screen.findByRole('heading', { name: 'Entrar' }, SLOW)).toBeTruthy();
  });

  it('shows the not-found screen for a member screen to a visitor, and for an unknown path', async () => {
    visit('/perfil', false);
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' }, SLOW)).toBeTruthy();
    cleanup();
    visit('/clube', false);
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' }, SLOW)).toBeTruthy();
  });

  it('sends a member from a guest screen to the dashboard', async () => {
    const stub = visit('/login', true);
    expect(screen.queryByRole('heading', { name: 'Entrar' })).toBeNull();
    // The dashboard's first requests are its own business here: only where the member lands is checked.
    await vi.waitFor(
      () =>
        expect(stub.calls.some((call) => call.method === 'GET' && call.path.startsWith('/api/offers'))).toBe(
          true,
        ),
      SLOW,
    );
  });
});
