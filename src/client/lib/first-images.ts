import { useSyncExternalStore } from 'react';
import { releaseIdleAfterLoad } from './idle-after-load';

/**
 * Issue #13: on a phone the catalogue's largest paint is the first card's image. Everything the first screen
 * requests at the same time shares the connection with it (six connections per host over HTTP/1.1, a slow 4G
 * link), so the images that are not that paint wait until it is on screen: the cards further down and, on a
 * phone, the banner above (a thin strip there; its box is kept, nothing moves when it arrives).
 *
 * The first row's images hold the page (`holdForFirstImage`, released at load or error); the grid says when it
 * has committed what it shows (`firstImagesCommitted`: cards, an empty list or an error). When both are done the
 * next frame is painted and then `useFirstImagesShown()` turns true, once per page: later visits of the catalogue
 * in the same page load everything at once.
 */
let pending = 0;
let committed = false;
let shown = false;
const listeners = new Set<() => void>();

function show() {
  if (shown) return;
  shown = true;
  releaseIdleAfterLoad(); // the closed widgets' code and the toaster may load now (dashboard-first-load.ts)
  for (const listener of listeners) listener();
}

/**
 * Two frames after the last first-row image has loaded: the frame that paints it, and the one after, by when the
 * browser has presented it (its largest-contentful-paint time is the presentation, which can come a frame after
 * the paint). A timer queued in the second rAF runs after that frame.
 */
function showAfterPaint() {
  if (shown || !committed || pending > 0) return;
  const later = () =>
    setTimeout(() => {
      // A remount (StrictMode, a tab switch) may have registered a new first image meanwhile.
      if (pending === 0) show();
    }, 0);
  // A page opened in the background paints no frames (rAF waits for the tab to be shown): nothing to wait for.
  const painting = typeof requestAnimationFrame === 'function' && document.visibilityState !== 'hidden';
  if (painting) requestAnimationFrame(() => requestAnimationFrame(later));
  else later();
}

/** A first-row image is loading; call the returned function when it has loaded or failed (idempotent). */
export function holdForFirstImage(): () => void {
  pending += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    pending -= 1;
    showAfterPaint();
  };
}

/** The grid has committed its first screen (its first-row images, if any, are holding by now). */
export function firstImagesCommitted(): void {
  committed = true;
  showAfterPaint();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const isShown = () => shown;

/** True once the first row's images are on screen (or there were none to wait for). */
export function useFirstImagesShown(): boolean {
  return useSyncExternalStore(subscribe, isShown, isShown);
}

/** Tests: back to a fresh page. */
export function resetFirstImagesForTests(): void {
  pending = 0;
  committed = false;
  shown = false;
}
