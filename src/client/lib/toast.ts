import type { ExternalToast } from 'sonner';

/**
 * The app's toasts (sonner's API: `toast(msg)`, `toast.success`, `toast.error`), with sonner loaded on
 * first use instead of in every screen's first load (~9 KB gzip off /login). A toast raised before the
 * library (or the lazily mounted <Toaster>) is ready still shows: sonner replays pending toasts to the
 * toaster when it subscribes.
 */
type Sonner = typeof import('sonner');
type Message = Parameters<Sonner['toast']['success']>[0];

let sonner: Promise<Sonner> | undefined;
let markRequested: () => void = () => {};
/** Resolves at the first toast (or the first other use of sonner): the toaster must be there for it. */
export const sonnerRequested = new Promise<void>((resolve) => {
  markRequested = resolve;
});
export const loadSonner = (): Promise<Sonner> => {
  markRequested();
  sonner ??= import('sonner');
  return sonner;
};

function show(kind: 'message' | 'success' | 'error', message: Message, data?: ExternalToast): void {
  void loadSonner().then(({ toast: t }) => {
    if (kind === 'message') t(message, data);
    else t[kind](message, data);
  });
}

export const toast = Object.assign(
  (message: Message, data?: ExternalToast) => show('message', message, data),
  {
    success: (message: Message, data?: ExternalToast) => show('success', message, data),
    error: (message: Message, data?: ExternalToast) => show('error', message, data),
  },
);
