import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../testing/render-with-providers';
import { ADMIN_MODE_KEY } from '../admin-mode';
import { createQueryClient } from '../query-client';
import { OFFLINE_USER_KEY } from './use-current-user';
import { useLogout } from './use-logout';

function setup(status: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(status, status === 200 ? { message: 'ok' } : { message: 'Falhou' })),
  );
  const queryClient = createQueryClient();
  queryClient.setQueryData(['algo'], 1);
  const redirect = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
  const { result } = renderHook(() => useLogout({ redirect }), { wrapper });
  return { result, redirect, queryClient };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('useLogout', () => {
  it('clears admin mode, the member kept for offline reloads and the cache, then goes to /login', async () => {
    localStorage.setItem(ADMIN_MODE_KEY, 'true');
    localStorage.setItem(OFFLINE_USER_KEY, '{"id":"u1"}');
    const { result, redirect, queryClient } = setup(200);
    act(() => result.current.mutate());
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/login'));
    expect(localStorage.getItem(ADMIN_MODE_KEY)).toBeNull();
    expect(localStorage.getItem(OFFLINE_USER_KEY)).toBeNull();
    expect(queryClient.getQueryData(['algo'])).toBeUndefined();
  });

  it("keeps everything and shows 'Erro no logout' when the server fails", async () => {
    localStorage.setItem(ADMIN_MODE_KEY, 'true');
    const { result, redirect, queryClient } = setup(500);
    act(() => result.current.mutate());
    expect(await screen.findByText('Erro no logout')).toBeTruthy();
    expect(redirect).not.toHaveBeenCalled();
    expect(localStorage.getItem(ADMIN_MODE_KEY)).toBe('true');
    expect(queryClient.getQueryData(['algo'])).toBe(1);
  });
});
