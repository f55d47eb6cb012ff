import { type ComponentType, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { whenIdleAfterLoad } from '../../lib/idle-after-load';

/**
 * Widgets that are closed on the first screen (the bell, the profile and help menus, the ads legend, the tip
 * dialog) need their library code (Radix menus, popovers, dialogs, floating-ui: about a fifth of the
 * dashboard's first-load script) only once opened. `deferred` renders a stand-in instead: a plain <button>
 * that looks exactly like the real trigger (both render the same face), so the first paint does not wait for
 * that code. The real widget's chunk loads when the page has finished loading (images included: it never
 * competes with the first screen's image) and the browser is idle, or at the first sign of intent (pointer
 * over, focus, touch). A click before it has arrived opens the real widget as soon as it has; keyboard focus
 * on the stand-in moves to the real trigger when it replaces it.
 */

/** Props of the real widget: it opens at once when the member clicked the stand-in before it loaded. */
export interface DeferredOpenProps {
  defaultOpen?: boolean;
}

/** Spread on the stand-in's <button>. */
export interface StandInProps {
  type: 'button';
  'aria-haspopup': 'menu' | 'dialog';
  'aria-expanded': false;
  'data-deferred': '';
  onClick(): void;
  onKeyDown(event: KeyboardEvent<HTMLButtonElement>): void;
  onPointerEnter(): void;
  onTouchStart(): void;
  onFocus(): void;
  onBlur(): void;
}

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

export function deferred<P extends object>(
  load: () => Promise<ComponentType<P & DeferredOpenProps>>,
  StandIn: ComponentType<P & { standIn: StandInProps }>,
  popup: 'menu' | 'dialog',
): ComponentType<P> {
  let Loaded: ComponentType<P & DeferredOpenProps> | undefined;
  let loading: Promise<ComponentType<P & DeferredOpenProps>> | undefined;
  const ensure = () => {
    loading ??= load().then(
      (component) => {
        Loaded = component;
        return component;
      },
      (error: unknown) => {
        // Offline or a new deploy: the next intent tries again.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };

  function Deferred(props: P): ReactNode {
    const [Real, setReal] = useState(() => Loaded);
    const [open, setOpen] = useState(false);
    const box = useRef<HTMLSpanElement>(null);
    const focused = useRef(false);
    const alive = useRef(true);

    useEffect(() => {
      alive.current = true;
      return () => {
        alive.current = false;
      };
    }, []);

    const fetchReal = () =>
      ensure().then(
        (component) => {
          if (alive.current) setReal(() => component);
        },
        () => {},
      );

    // biome-ignore lint/correctness/useExhaustiveDependencies: fetchReal only sets this component's state.
    useEffect(() => {
      if (!Real) void whenIdleAfterLoad().then(fetchReal);
    }, [Real]);

    useEffect(() => {
      if (Real && focused.current && !open) {
        box.current?.querySelector<HTMLElement>('button')?.focus();
      }
    }, [Real, open]);

    if (Real) {
      return (
        <span ref={box} className="contents">
          <Real {...props} defaultOpen={open} />
        </span>
      );
    }
    const openWhenLoaded = () => {
      setOpen(true);
      void fetchReal();
    };
    const standIn: StandInProps = {
      type: 'button',
      'aria-haspopup': popup,
      'aria-expanded': false,
      'data-deferred': '',
      onClick: openWhenLoaded,
      // The keys that open a menu button or a dialog trigger (WAI-ARIA), as the real trigger does.
      onKeyDown: (event) => {
        if (!OPEN_KEYS.has(event.key)) return;
        event.preventDefault();
        openWhenLoaded();
      },
      onPointerEnter: () => void fetchReal(),
      onTouchStart: () => void fetchReal(),
      onFocus: () => {
        focused.current = true;
        void fetchReal();
      },
      onBlur: () => {
        focused.current = false;
      },
    };
    return (
      <span ref={box} className="contents">
        <StandIn {...props} standIn={standIn} />
      </span>
    );
  }
  return Deferred;
}
