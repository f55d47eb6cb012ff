import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const toaster = () => document.querySelector('section[aria-label^="Notifications"]');

/** The app's toaster and toast functions from a fresh module graph, with the page's load under the test's control. */
async function fresh(afterLoad: Promise<void>) {
  vi.resetModules();
  vi.doMock('../lib/idle-after-load', () => ({ whenIdleAfterLoad: () => afterLoad }));
  const { DeferredToaster } = await import('./app');
  const { toast } = await import('../lib/toast');
  return { DeferredToaster, toast };
}

afterEach(() => {
  vi.doUnmock('../lib/idle-after-load');
  vi.resetModules();
});

describe('the deferred toaster (issue #13)', () => {
  it('is not there while the page loads; the first toast brings it, and the toast shows', async () => {
    const { DeferredToaster, toast } = await fresh(new Promise<void>(() => {}));
    render(<DeferredToaster />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(toaster()).toBeNull();
    act(() => toast.success('Perfil atualizado com sucesso!'));
    expect(await screen.findByText('Perfil atualizado com sucesso!')).toBeTruthy();
  });

  it('comes once the page has loaded, before any toast', async () => {
    let loaded: () => void = () => {};
    const { DeferredToaster } = await fresh(
      new Promise<void>((resolve) => {
        loaded = resolve;
      }),
    );
    render(<DeferredToaster />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(toaster()).toBeNull();
    act(() => loaded());
    await waitFor(() => expect(toaster()).not.toBeNull());
  });
});
