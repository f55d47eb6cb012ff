import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Where the member was on a history entry: the window's offset, and the first item marked `data-scroll-anchor` (an
 * offer card) that starts on screen with its distance from the top. Cards far from the screen are laid out with an
 * estimated height (content-visibility), so a pixel offset alone would land on other cards after a remount.
 */
type Spot = { y: number; anchor?: string; offset?: number };
const spots = new Map<string, Spot>();

/** An element's top in the document, without transforms (a hovered card is lifted a few pixels). */
function documentTop(element: HTMLElement): number {
  let top = 0;
  for (let node: HTMLElement | null = element; node; node = node.offsetParent as HTMLElement | null) {
    top += node.offsetTop;
  }
  return top;
}

function currentSpot(): Spot {
  for (const element of document.querySelectorAll<HTMLElement>('[data-scroll-anchor]')) {
    const offset = documentTop(element) - scrollY;
    if (offset >= 0) return { y: scrollY, anchor: element.dataset.scrollAnchor, offset };
  }
  return { y: scrollY };
}

/** Where the window must be for the spot: its anchor back at the same distance from the top, else the offset. */
function spotTarget(spot: Spot): number | null {
  if (!spot.anchor) return spot.y;
  const element = document.querySelector<HTMLElement>(`[data-scroll-anchor="${CSS.escape(spot.anchor)}"]`);
  return element ? documentTop(element) - (spot.offset ?? 0) : null;
}

/**
 * A new screen (another path, or another dashboard tab chosen by the member) opens at its top; Back, Forward and
 * the app's 'Voltar' (navigate(-1)) return to where the member was, once the screen has its content again (the
 * catalogue refills its pages from ?page), unless the member scrolls, touches, clicks or types first. A filter or 'Carregar mais'
 * (same screen, replaced entry) leaves the position alone. The spot is taken as the entry is left, before the next
 * screen's DOM replaces it: this cleanup runs before the mutations of the routes, a later sibling in the tree.
 */
export function ScrollMemory() {
  const { key, pathname, search } = useLocation();
  const type = useNavigationType();
  // The dashboard's tab (?tab=) is a screen of its own.
  const screen = pathname + (search.match(/[?&]tab=[^&]*/)?.[0] ?? '');
  const previous = useRef([pathname, screen]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per history entry (every navigation has a new key).
  useLayoutEffect(() => {
    history.scrollRestoration = 'manual';
    const [oldPath, oldScreen] = previous.current;
    previous.current = [pathname, screen];
    const spot = spots.get(key);
    let frame = 0;
    const stop = () => cancelAnimationFrame(frame);
    // The screen may take a while to have the spot again (pages refetched on a slow phone): up to 15 s; once the
    // spot is reached it is held until the layout around it has stayed still for 2 s (late images, cards, a
    // banner that loads after the cards), each correction starting the 2 s again, within 20 s in all.
    const started = performance.now();
    let holdUntil = Number.POSITIVE_INFINITY;
    const attempt = () => {
      const now = performance.now();
      const target = spot && spotTarget(spot);
      if (target != null) {
        const moved = Math.abs(scrollY - target) > 1;
        if (moved) scrollTo(0, target);
        // Reached (the screen is tall enough and holds the anchor): hold it 2 s from the last correction.
        if (Math.abs(scrollY - target) <= 1 && (moved || holdUntil === Number.POSITIVE_INFINITY)) {
          holdUntil = now + 2000;
        }
      }
      const until =
        holdUntil === Number.POSITIVE_INFINITY ? started + 15_000 : Math.min(holdUntil, started + 20_000);
      if (now < until) frame = requestAnimationFrame(attempt);
    };
    // A POP without a spot (the first load, a fragment link such as #planos) keeps the browser's own scroll.
    if (type === 'POP') {
      if (spot && (spot.y || spot.anchor)) attempt();
    } else if (oldPath !== pathname || (type === 'PUSH' && oldScreen !== screen)) {
      scrollTo(0, 0);
    }
    const inputs = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
    for (const name of inputs) addEventListener(name, stop);
    return () => {
      stop();
      spots.set(key, currentSpot());
      for (const name of inputs) removeEventListener(name, stop);
    };
  }, [key]);

  return null;
}
