import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  firstImagesCommitted,
  holdForFirstImage,
  resetFirstImagesForTests,
  useFirstImagesShown,
} from './first-images';

/** requestAnimationFrame under the test's control: `frame()` runs the callbacks queued so far. */
let frames: Array<() => void> = [];
const frame = () => {
  const queued = frames;
  frames = [];
  for (const callback of queued) callback();
};
const timers = () => act(() => vi.runOnlyPendingTimers());
/** Two painted frames and the timers they queued. */
const twoFrames = async () => {
  frame();
  frame();
  await timers();
};

beforeEach(() => {
  resetFirstImagesForTests();
  frames = [];
  vi.useFakeTimers();
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('first images', () => {
  it('waits for the grid and every first-row image, then two painted frames', async () => {
    const { result } = renderHook(() => useFirstImagesShown());
    const first = holdForFirstImage();
    const second = holdForFirstImage();
    firstImagesCommitted();
    first();
    first(); // idempotent: one image cannot release another
    await twoFrames();
    expect(result.current).toBe(false);

    second();
    frame();
    await timers();
    expect(result.current).toBe(false); // one frame: painted, maybe not presented yet
    frame();
    await timers();
    expect(result.current).toBe(true);
  });

  it('does not show before the grid has committed, even with every image loaded', async () => {
    const { result } = renderHook(() => useFirstImagesShown());
    holdForFirstImage()();
    await twoFrames();
    expect(result.current).toBe(false);
    firstImagesCommitted();
    await twoFrames();
    expect(result.current).toBe(true);
  });

  it('shows after two frames when the grid has no first-row image (empty list, videos, an error)', async () => {
    const { result } = renderHook(() => useFirstImagesShown());
    firstImagesCommitted();
    await twoFrames();
    expect(result.current).toBe(true);
  });

  it('keeps waiting when an image registers again before the frames have passed (a remount)', async () => {
    const { result } = renderHook(() => useFirstImagesShown());
    firstImagesCommitted();
    holdForFirstImage()(); // StrictMode: mounted and cleaned up...
    const again = holdForFirstImage(); // ...and mounted again
    await twoFrames();
    expect(result.current).toBe(false);
    again();
    await twoFrames();
    expect(result.current).toBe(true);
  });

  it('does not wait for frames in a page opened in the background', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const { result } = renderHook(() => useFirstImagesShown());
    firstImagesCommitted();
    await timers();
    expect(result.current).toBe(true);
    expect(frames).toHaveLength(0);
  });
});
