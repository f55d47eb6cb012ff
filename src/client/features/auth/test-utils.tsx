import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { expect, onTestFinished, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';

/** Shows where the screen navigated to. */
function Elsewhere() {
  const location = useLocation();
  return <p>{`Página ${location.pathname}`}</p>;
}

/** Renders a screen at `url` (matched by `path`) with the app's providers, in StrictMode like main.tsx. */
export function renderScreen(ui: ReactNode, { url = '/', path = url.split('?')[0] } = {}) {
  const queryClient = createQueryClient();
  const utils = render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={<Elsewhere />} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </StrictMode>,
  );
  return { ...utils, queryClient };
}

type Handler = (body: unknown) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Stubs fetch with one handler per "METHOD /path" for the current test. A call nobody expected fails the
 * test when it ends (a throw inside fetch would only become a "no connection" error in the api client);
 * bodies sent to a path are read through `requestsTo`.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const unexpected: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const handler = handlers[key];
    if (!handler) {
      unexpected.push(key);
      return jsonResponse(500, { message: `Chamada inesperada: ${key}` });
    }
    return handler(init?.body ? JSON.parse(String(init.body)) : undefined);
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
