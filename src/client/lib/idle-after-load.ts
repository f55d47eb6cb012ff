let idleAfterLoad: Promise<void> | undefined;

/**
 * Resolves once the page's load event has fired (images included) and the main thread is idle: when code that the
 * first screen does not show (closed widgets, the toaster) may load without competing with its largest paint.
 */
export function whenIdleAfterLoad(): Promise<void> {
  idleAfterLoad ??= new Promise<void>((resolve) => {
    const idle = () => {
      if (typeof window.requestIdleCallback === 'function')
        window.requestIdleCallback(() => resolve(), { timeout: 2000 });
      else setTimeout(resolve, 100);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
  return idleAfterLoad;
}
