import { type ComponentType, createElement, lazy } from 'react';

export interface PreloadedLazy<P extends object> {
  (props: P): ReturnType<typeof createElement>;
  /** Fetches the module now (the first screen's route and tab, at start-up); shared with the first render. */
  preload(): Promise<unknown>;
}

/**
 * `React.lazy` that renders the component directly once its module has loaded. `lazy` suspends on its first render
 * even when the chunk is already in memory (the `import()` promise settles a microtask later); during a synchronous
 * update, which is how TanStack Query's answers arrive (the session check that opens the dashboard), a suspension
 * commits the Suspense fallback, and React then holds the screen back until 300 ms after that fallback appeared
 * (its Suspense throttling): a first screen whose code was fetched early waited up to 300 ms for nothing
 * (issue #13, dashboard LCP on a phone). Before the module has loaded it is a plain `lazy` (same fallback).
 */
export function preloadedLazy<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): PreloadedLazy<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // Offline or a new deploy: the next render tries again.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: a factory like `lazy`, called once per screen at module level.
  const Preloaded = (props: P) => (loaded ? createElement(loaded, props) : createElement(Lazy, props));
  return Object.assign(Preloaded, { preload });
}
