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

type Handler = (body: unknown, init: RequestInit) => Response | Promise<Response>;

/** A handler for a request that never reaches the server: fetch rejects as the browser's does offline. */
export const networkFailure: Handler = () => Promise.reject(new TypeError('Failed to fetch'));

/** A handler for a request the server never answers: it stays pending until its signal aborts it. */
export const neverAnswers: Handler = (_body, init) =>
  new Promise<Response>((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
  });

/**
 * A handler whose answer waits for `release()`: the test sees the pending state first (a spinner, a disabled button),
 * then lets the request finish. Waiting for a spinner to be gone is not enough on a loaded machine: it may not have
 * shown yet.
 */
export function heldAnswer(answer: () => Response): { handler: () => Promise<Response>; release(): void } {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler = async () => {
    await released;
    return answer();
  };
  return { handler, release: () => release() };
}

/**
 * The one fetch stub of the client tests, answering "METHOD /path" keys (the query string included). A call no key
 * expects answers 500 and fails the test when it ends (a throw inside fetch would only become a "no connection"
 * error in the api client); so does a stubbed answer that breaks the API contract (api-contract.ts: what the
 * server's routes declare). `networkFailure` and `neverAnswers` stand for a request that cannot reach the server
 * and one never answered. Install with vi.stubGlobal('fetch', stub.fetch); `calls` and `requestsTo` tell what was
 * sent.
 */
export function createFetchStub(routes: Record<string, Handler>) {
  const calls: FetchCall[] = [];
  const unexpected = failsTestWhenFilled('chamadas à API que o teste não esperava');
  const violations = failsTestWhenFilled(
    'respostas do stub fora do contrato da API (src/client/testing/api-contract.json)',
  );
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = String(input);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method, path, body });
    const handler = routes[`${method} ${path}`];
    if (!handler) {
      unexpected.push(`${method} ${path}`);
      return json(500, { message: `Chamada inesperada: ${method} ${path}` });
    }
    const response = await handler(body, init);
    const violation = await responseViolation(method, path, response);
    if (violation) violations.push(violation);
    return response;
  };
  return {
    fetch,
    calls,
    unexpected,
    /** The bodies sent to "METHOD /path", in order. */
    requestsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key).map((c) => c.body),
  };
}

/**
 * A list that fails the running test at its end if anything was added to it. A stub made outside a test (a
 * describe body) has no test to fail, so what is added there throws at once.
 */
function failsTestWhenFilled(message: string): string[] {
  const items: string[] = [];
  try {
    onTestFinished(() => {
      expect(items, message).toEqual([]);
    });
  } catch {
    items.push = (...added: string[]) => {
      throw new Error(`${message}: ${added.join('\n')}`);
    };
  }
  return items;
}
