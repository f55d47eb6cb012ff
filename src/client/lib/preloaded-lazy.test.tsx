import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadedLazy } from './preloaded-lazy';

const Screen = ({ name }: { name: string }) => <p>Tela {name}</p>;

function renderIn(node: React.ReactNode) {
  return render(<Suspense fallback={<p>Carregando...</p>}>{node}</Suspense>);
}

describe('preloadedLazy', () => {
  it('renders at once, with no fallback, a screen whose module has already loaded', async () => {
    let loads = 0;
    const Lazy = preloadedLazy(async () => {
      loads += 1;
      return { default: Screen };
    });
    await Lazy.preload();
    renderIn(<Lazy name="A" />);
    // Synchronously, in the first commit: React.lazy would have shown the fallback here.
    expect(screen.getByText('Tela A')).toBeTruthy();
    expect(screen.queryByText('Carregando...')).toBeNull();
    expect(loads).toBe(1);
  });

  it('before its module has loaded it suspends like React.lazy, loading it once', async () => {
    let loads = 0;
    let finish: () => void = () => {};
    const Lazy = preloadedLazy(() => {
      loads += 1;
      return new Promise<{ default: typeof Screen }>((resolve) => {
        finish = () => resolve({ default: Screen });
      });
    });
    renderIn(<Lazy name="B" />);
    expect(screen.getByText('Carregando...')).toBeTruthy();
    void Lazy.preload();
    finish();
    expect(await screen.findByText('Tela B')).toBeTruthy();
    expect(loads).toBe(1);
  });

  it('a failed load is tried again by the next preload', async () => {
    let attempt = 0;
    const Lazy = preloadedLazy(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('offline');
      return { default: Screen };
    });
    await expect(Lazy.preload()).rejects.toThrow('offline');
    await Lazy.preload();
    renderIn(<Lazy name="C" />);
    expect(screen.getByText('Tela C')).toBeTruthy();
  });
});
