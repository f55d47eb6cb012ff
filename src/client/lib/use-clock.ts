import { useSyncExternalStore } from 'react';

/** How often relative times ('há 5 min') are brought up to date on screen. */
export const CLOCK_TICK_MS = 30_000;

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(() => {
    for (const notify of listeners) notify();
  }, CLOCK_TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The time, rounded down to the tick: the same value on every read within a tick. */
const read = () => Math.floor(Date.now() / CLOCK_TICK_MS) * CLOCK_TICK_MS;

/** The current time for relative dates, moving every CLOCK_TICK_MS: one timer for every card on screen. */
export function useClock(): Date {
  return new Date(useSyncExternalStore(subscribe, read, read));
}
