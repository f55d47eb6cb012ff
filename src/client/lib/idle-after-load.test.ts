import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Module = typeof import('./idle-after-load');
let idle: Module;

beforeEach(async () => {
  vi.resetModules(); // the after-load promise is module state: a fresh page per test
  vi.useFakeTimers();
  // jsdom has no requestIdleCallback: the module waits 100 ms instead.
  idle = await import('./idle-after-load');
});
afterEach(() => vi.useRealTimers());

/** Whether the promise has settled after `ms` of timers. */
async function settledAfter(promise: Promise<void>, ms: number): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(ms);
  return done;
}

describe('whenIdleAfterLoad', () => {
  it('resolves after the load event and an idle moment', async () => {
    expect(await settledAfter(idle.whenIdleAfterLoad(), 150)).toBe(true);
  });

  it("waits for the first screen's hold to be released", async () => {
    idle.holdIdleAfterLoad();
    const after = idle.whenIdleAfterLoad();
    expect(await settledAfter(after, 1000)).toBe(false);
    idle.releaseIdleAfterLoad();
    expect(await settledAfter(after, 150)).toBe(true);
  });

  it('does not wait for a hold longer than MAX_HOLD_MS', async () => {
    idle.holdIdleAfterLoad();
    const after = idle.whenIdleAfterLoad();
    expect(await settledAfter(after, idle.MAX_HOLD_MS - 100)).toBe(false);
    expect(await settledAfter(after, 300)).toBe(true);
  });
});
