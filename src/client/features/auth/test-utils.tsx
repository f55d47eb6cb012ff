import type { ReactNode } from 'react';
import { expect, onTestFinished, vi } from 'vitest';
import { responseViolation } from '../../testing/api-contract';
import { contractViolations, json, renderWithProviders } from '../../testing/render-with-providers';

/** Renders a screen at `url` with the app's providers, in StrictMode like main.tsx. */
export function renderScreen(ui: ReactNode, options: { url?: string; path?: string } = {}) {
  return renderWithProviders(ui, { ...options, strict: true });
}

type Handler = (body: unknown) => Response | Promise<Response>;

export { json as jsonResponse };

/**
 * Stubs fetch with one handler per "METHOD /path" for the current test. A call nobody expected fails the
 * test when it ends (a throw inside fetch would only become a "no connection" error in the api client);
 * bodies sent to a path are read through `requestsTo`.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const unexpected: string[] = [];
  const violations = contractViolations();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const handler = handlers[key];
    if (!handler) {
      unexpected.push(key);
      return json(500, { message: `Chamada inesperada: ${key}` });
    }
    const response = await handler(init?.body ? JSON.parse(String(init.body)) : undefined);
    const violation = await responseViolation(init?.method ?? 'GET', String(input), response);
    if (violation) violations.push(violation);
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  onTestFinished(() => {
    vi.unstubAllGlobals();
    expect(unexpected, 'chamadas à API que o teste não esperava').toEqual([]);
  });
  return {
    fetchMock,
    /** The JSON bodies sent to "METHOD /path", in order. */
    requestsTo: (key: string) =>
      fetchMock.mock.calls
        .filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}` === key)
        .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined)),
  };
}
