import { type RefObject, useEffect, useState } from 'react';

/** What a member can act on: a floating button must never lie over one of these. */
export const CONTROL_SELECTOR = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  'iframe',
  'video[controls]',
  '[role="button"]',
  '[role="link"]',
  '[role="checkbox"]',
  '[role="switch"]',
  '[role="tab"]',
  '[role="menuitem"]',
  '[role="combobox"]',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Points spread over a circle inscribed in the box (the floating button is round): its centre and eight around. */
export function circlePoints(box: { left: number; top: number; width: number; height: number }) {
  const cx = box.left + box.width / 2;
  const cy = box.top + box.height / 2;
  const r = (Math.min(box.width, box.height) / 2) * 0.85;
  const points = [{ x: cx, y: cy }];
  for (let i = 0; i < 8; i++) {
    const angle = (i * Math.PI) / 4;
    points.push({ x: cx + r * Math.cos(angle), y: cy + r * Math.sin(angle) });
  }
  return points;
}

/** The first control drawn at any of these points, other than `own` and what it holds; null when there is none. */
export function controlUnder(points: Array<{ x: number; y: number }>, own: Element): Element | null {
  // No layout to ask (jsdom): nothing is known to be under it.
  if (typeof document.elementsFromPoint !== 'function') return null;
  for (const { x, y } of points) {
    if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
    for (const element of document.elementsFromPoint(x, y)) {
      if (own.contains(element)) continue;
      const control = element.closest(CONTROL_SELECTOR);
      if (control && !own.contains(control)) return control;
    }
  }
  return null;
}

const editing = () => {
  const focused = document.activeElement;
  return (
    focused instanceof HTMLElement && focused.matches('input, textarea, select, [contenteditable="true"]')
  );
};

/**
 * Whether a fixed element may show where it stands: false while a control of the page lies under it (at any scroll
 * position, as content loads or the layout changes) and, on narrow screens, while the member types in a field
 * (the keyboard is up). Its place is read without its own transform (offsetLeft/Top), so moving it out of the way
 * does not change the answer. Focus inside the element always shows it.
 */
export function useClearOfControls(ref: RefObject<HTMLElement | null>): boolean {
  const [clear, setClear] = useState(true);
  useEffect(() => {
    const own = ref.current;
    if (!own) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      if (own.contains(document.activeElement)) return setClear(true);
      const narrow = window.innerWidth < 768;
      const box = {
        left: own.offsetLeft,
        top: own.offsetTop,
        width: own.offsetWidth,
        height: own.offsetHeight,
      };
      setClear(!(narrow && editing()) && controlUnder(circlePoints(box), own) === null);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    const mutations = new MutationObserver(schedule);
    mutations.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('scroll', schedule, { passive: true, capture: true });
    window.addEventListener('resize', schedule);
    document.addEventListener('focusin', schedule);
    document.addEventListener('focusout', schedule);
    window.addEventListener('transitionend', schedule);
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      mutations.disconnect();
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      document.removeEventListener('focusin', schedule);
      document.removeEventListener('focusout', schedule);
      window.removeEventListener('transitionend', schedule);
    };
  }, [ref]);
  return clear;
}
