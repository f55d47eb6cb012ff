import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api-client';
import { contractViolation } from './api-contract';
import { makeUser } from './current-user';
import { createFetchStub, json, networkFailure, neverAnswers } from './render-with-providers';

afterEach(() => vi.unstubAllGlobals());

/** The client tests' fetch stub holds every test to the API contract and to the calls it declares. */
describe('createFetchStub', () => {
  it('answers a declared call and tells what was sent', async () => {
    const stub = createFetchStub({ 'GET /api/auth/user': () => json(200, makeUser(false)) });
    vi.stubGlobal('fetch', stub.fetch);
    expect(await api.get('/api/auth/user')).toMatchObject({ isAdmin: false });
    expect(stub.calls).toEqual([{ method: 'GET', path: '/api/auth/user', body: undefined }]);
  });

  // Expected to fail: the stubbed answer is not what GET /api/auth/user declares (api-contract.json).
  it.fails('fails the test when a stubbed answer breaks the response schema', async () => {
    const stub = createFetchStub({ 'GET /api/auth/user': () => json(200, { id: 1, name: 'Ana' }) });
    vi.stubGlobal('fetch', stub.fetch);
    await api.get('/api/auth/user');
  });

  // Expected to fail: nothing declared GET /api/offers, and the test does not look at `unexpected` itself.
  it.fails('fails the test by itself on a call nobody expected', async () => {
    vi.stubGlobal('fetch', createFetchStub({}).fetch);
    await api.get('/api/offers').catch(() => undefined);
  });

  it('names the route a wrong answer breaks, and lets a right one through', () => {
    expect(contractViolation('GET', '/api/auth/user', 200, { id: 1, name: 'Ana' })).toMatch(
      /^GET \/api\/auth\/user: resposta fora do contrato de GET \/api\/auth\/user/,
    );
    expect(contractViolation('GET', '/api/auth/user', 200, makeUser(false))).toBeNull();
  });

  it('simulates a request that cannot reach the server', async () => {
    vi.stubGlobal('fetch', createFetchStub({ 'GET /api/auth/user': networkFailure }).fetch);
    await expect(api.get('/api/auth/user')).rejects.toThrow(/Sem conexão com o servidor/);
  });

  it('simulates a request never answered, until it is aborted', async () => {
    const stub = createFetchStub({ 'GET /api/auth/user': neverAnswers });
    const controller = new AbortController();
    let settled = false;
    const pending = stub.fetch('/api/auth/user', { signal: controller.signal }).finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    controller.abort();
    await expect(pending).rejects.toThrow(/Aborted/);
  });
});
