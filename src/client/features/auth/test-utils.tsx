import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { createFetchStub, json, renderWithProviders } from '../../testing/render-with-providers';

/** Renders a screen at `url` with the app's providers, in StrictMode like main.tsx. */
export function renderScreen(ui: ReactNode, options: { url?: string; path?: string } = {}) {
  return renderWithProviders(ui, { ...options, strict: true });
}

export { json as jsonResponse };

/** Installs the client tests' fetch stub (createFetchStub) as `fetch` for the current test. */
export function stubApi(routes: Parameters<typeof createFetchStub>[0]) {
  const stub = createFetchStub(routes);
  vi.stubGlobal('fetch', stub.fetch);
  return stub;
}
