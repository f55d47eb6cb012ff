import { useEffect, useState } from 'react';

let idleAfterLoad: Promise<void> | undefined;

/** The first screen still needs something the load event does not wait for: see holdIdleAfterLoad. */
let held = false;
const onRelease = new Set<() => void>();
/** A hold never keeps the after-load work waiting longer than this after the load event. */
export const MAX_HOLD_MS = 5000;

/**
 * The first screen needs something the load event does not wait for: on a slow phone the event can fire while the
 * catalogue's data and first image, which scripts request, are still on their way (dashboard-first-load.ts holds,
 * lib/first-images.ts releases once they are on screen). The after-load work then waits for
 * `releaseIdleAfterLoad()`, at most MAX_HOLD_MS after the load event. One hold, not a count: the dashboard's first
 * load is its only holder.
 */
export function holdIdleAfterLoad(): void {
  held = true;
}

export function releaseIdleAfterLoad(): void {
  if (!held) return;
  held = false;
  for (const release of onRelease) release();
  onRelease.clear();
}

function whenReleased(): Promise<void> {
  if (!held) return Promise.resolve();
  return new Promise<void>((resolve) => {
    onRelease.add(resolve);
    setTimeout(resolve, MAX_HOLD_MS);
  });
}

/**
 * Resolves once the page's load event has fired (images included), what the first screen holds has arrived (see
 * holdIdleAfterLoad) and the main thread is idle: when code that the first screen does not show (closed widgets,
 * the toaster) may load without competing with its largest paint.
 */
export function whenIdleAfterLoad(): Promise<void> {
  idleAfterLoad ??= new Promise<void>((resolve) => {
    const idle = () => {
      if (typeof window.requestIdleCallback === 'function')
        window.requestIdleCallback(() => resolve(), { timeout: 2000 });
      else setTimeout(resolve, 100);
    };
    const loaded = () => void whenReleased().then(idle);
    if (document.readyState === 'complete') loaded();
    else window.addEventListener('load', loaded, { once: true });
  });
  return idleAfterLoad;
}

/**
 * True once whenIdleAfterLoad() has resolved, or `sooner` if given and it resolves first (the toaster: at the first
 * toast): what the first screen shows but does not need at once.
 */
export function useIdleAfterLoad(sooner?: Promise<unknown>): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let alive = true;
    void Promise.race(sooner ? [whenIdleAfterLoad(), sooner] : [whenIdleAfterLoad()]).then(() => {
      if (alive) setIdle(true);
    });
    return () => {
      alive = false;
    };
  }, [sooner]);
  return idle;
}
