import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFetchStub, neverAnswers } from '../testing/render-with-providers';

const toaster = () => document.querySelector('section[aria-label^="Notifications"]');

/**
 * The app's toaster and toast functions from a fresh module graph (a fresh page), with the page's after-load
 * moment held back as the dashboard's first load holds it (released by `releaseIdleAfterLoad`).
 */
async function fresh() {
  vi.resetModules();
  // The app's router starts the dashboard's first load for jsdom's '/': a request that never answers keeps it from
  // failing and releasing the hold on its own.
  vi.stubGlobal(
    'fetch',
    createFetchStub({
      'GET /api/auth/user': neverAnswers,
      'GET /api/offers?sort=recent&page=1&pageSize=24': neverAnswers,
      'GET /api/banners/active': neverAnswers,
    }).fetch,
  );
  const idle = await import('../lib/idle-after-load');
  idle.holdIdleAfterLoad();
  const { DeferredToaster } = await import('./app');
  const { toast } = await import('../lib/toast');
  return { DeferredToaster, toast, loaded: idle.releaseIdleAfterLoad };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('the deferred toaster (issue #13)', () => {
  it('is not there while the page loads; the first toast brings it, and the toast shows', async () => {
    const { DeferredToaster, toast } = await fresh();
    render(<DeferredToaster />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(toaster()).toBeNull();
    act(() => toast.success('Perfil atualizado com sucesso!'));
    expect(await screen.findByText('Perfil atualizado com sucesso!')).toBeTruthy();
  });

  it('comes once the page has loaded, before any toast', async () => {
    const { DeferredToaster, loaded } = await fresh();
    render(<DeferredToaster />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(toaster()).toBeNull();
    loaded();
    await waitFor(() => expect(toaster()).not.toBeNull());
  });

  it('shows a toast for 5 s by default, then takes it away', async () => {
    const { DeferredToaster, toast, loaded } = await fresh();
    loaded();
    render(<DeferredToaster />);
    await waitFor(() => expect(toaster()).not.toBeNull());
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      act(() => toast('Link copiado!'));
      await screen.findByText('Link copiado!');
      await act(() => vi.advanceTimersByTimeAsync(4_500));
      expect(screen.queryByText('Link copiado!')).not.toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(1_500));
      await waitFor(() => expect(screen.queryByText('Link copiado!')).toBeNull());
    } finally {
      vi.useRealTimers();
    }
  });
});
