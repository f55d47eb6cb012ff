import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Fragment, type ReactNode, StrictMode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { expect, onTestFinished } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { responseViolation } from './api-contract';

/** Shows where the screen navigated to. */
function Elsewhere() {
  const location = useLocation();
  return <p>{`Página ${location.pathname}`}</p>;
}

/**
 * Renders `ui` at `url` (matched by `path`) with the app's query client, a memory router and the toaster;
 * `strict` wraps it in StrictMode like main.tsx (effects run twice).
 */
export function renderWithProviders(
  ui: ReactNode,
  { url = '/', path = url.split('?')[0], strict = false } = {},
) {
  const queryClient = createQueryClient();
  const Wrapper = strict ? StrictMode : Fragment;
  const utils = render(
    <Wrapper>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={<Elsewhere />} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </Wrapper>,
  );
  return { ...utils, queryClient };
}

export function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export type FetchCall = { method: string; path: string; body: unknown };

/**
 * A fetch stub answering "METHOD /path" keys. An unexpected call answers 500 and is listed in `unexpected` (the
 * test asserts there were none, or which). A stubbed answer that breaks the API contract (api-contract.ts: what the
 * server's routes declare) fails the test when it ends. Install with vi.stubGlobal('fetch', stub.fetch).
 */
export function createFetchStub(routes: Record<string, (body: unknown) => Response | Promise<Response>>) {
  const calls: FetchCall[] = [];
  const unexpected: string[] = [];
  const violations = contractViolations();
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = String(input);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    calls.push({ method, path, body });
    const handler = routes[`${method} ${path}`];
    if (!handler) {
      unexpected.push(`${method} ${path}`);
      return json(500, { message: 'inesperado' });
    }
    const response = await handler(body);
    const violation = await responseViolation(method, path, response);
    if (violation) violations.push(violation);
    return response;
  };
  return { fetch, calls, unexpected };
}

/**
 * The list of contract violations of a stub: the running test fails at its end if it has any. A stub made outside a
 * test (a describe body) has no test to fail, so its violations throw at once.
 */
export function contractViolations(): string[] {
  const violations: string[] = [];
  try {
    onTestFinished(() => {
      expect(
        violations,
        'respostas do stub fora do contrato da API (src/client/testing/api-contract.json)',
      ).toEqual([]);
    });
  } catch {
    violations.push = (...items: string[]) => {
      throw new Error(items.join('\n'));
    };
  }
  return violations;
}
