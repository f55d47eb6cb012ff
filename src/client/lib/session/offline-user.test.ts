import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../testing/current-user';
import { createFetchStub, json, networkFailure } from '../../testing/render-with-providers';
import { startPwa } from '../pwa/pwa';
import { createQueryClient } from '../query-client';
import { currentUserQuery, OFFLINE_USER_KEY } from './use-current-user';

const offline = () => vi.stubGlobal('fetch', createFetchStub({ 'GET /api/auth/user': networkFailure }).fetch);
const ask = () => createQueryClient().fetchQuery(currentUserQuery);

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the session check offline (an installed app reloaded without a connection)', () => {
  it('draws the member last seen on this device, kept by the dashboard', async () => {
    const maria = makeUser(false);
    startPwa(maria);
    expect(JSON.parse(localStorage.getItem(OFFLINE_USER_KEY) ?? 'null')).toEqual(maria);
    offline();
    expect(await ask()).toEqual(maria);
  });

  it('still fails with no member kept, and a server answer always wins', async () => {
    offline();
    await expect(ask()).rejects.toThrow(/Sem conexão/);
    localStorage.setItem(OFFLINE_USER_KEY, JSON.stringify(makeUser(false)));
    vi.stubGlobal(
      'fetch',
      createFetchStub({ 'GET /api/auth/user': () => json(401, { message: 'Não autenticado.' }) }).fetch,
    );
    expect(await ask()).toBeNull();
    const admin = makeUser(true);
    vi.stubGlobal('fetch', createFetchStub({ 'GET /api/auth/user': () => json(200, admin) }).fetch);
    expect(await ask()).toEqual(admin);
  });

  it('fails as with no member kept when the stored value is damaged', async () => {
    localStorage.setItem(OFFLINE_USER_KEY, '{nope');
    offline();
    await expect(ask()).rejects.toThrow();
  });
});
