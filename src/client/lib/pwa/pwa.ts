import { useSyncExternalStore } from 'react';
import type { CurrentUser } from '../../../shared/schemas/auth';
import { writeLocalJson } from '../local-json';
import { OFFLINE_USER_KEY } from '../session/use-current-user';

/**
 * The club as an app on the phone, started by the signed-in screens (the dashboard), never by /login's first load:
 * the service worker registers after the page has loaded (its code is a separate chunk, service-worker.ts), and the
 * browser's install offer (`beforeinstallprompt`) is kept for the profile menu's 'Instalar o app'.
 */

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** installed: running as the app; available: the browser offers installing; ios: Safari's manual steps; else none. */
export type InstallState = 'installed' | 'available' | 'ios' | 'unsupported';

let offer: InstallPromptEvent | null = null;
let started = false;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

const standalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches === true ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** iPhone and iPad Safari (iPadOS reports a Mac with touch): no install prompt, the share sheet installs. */
const appleMobile = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) ||
  (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1);

export function installState(): InstallState {
  if (standalone()) return 'installed';
  if (offer) return 'available';
  if (appleMobile()) return 'ios';
  return 'unsupported';
}

/**
 * Called by the dashboard with its member: keeps them for an offline reload (see OFFLINE_USER_KEY; logout forgets
 * them); once per page, listens for the install offer and registers the service worker after the load event.
 */
export function startPwa(user: CurrentUser): void {
  writeLocalJson(OFFLINE_USER_KEY, user);
  if (started) return;
  started = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    // The club shows its own 'Instalar o app' instead of the browser's mini bar.
    event.preventDefault();
    offer = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    changed();
  });
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    void import('./service-worker').then((m) => m.registerServiceWorker()).catch(() => {});
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Opens the browser's install dialog (only while 'available'); true when the member accepted. */
export async function promptInstall(): Promise<boolean> {
  const current = offer;
  if (!current) return false;
  offer = null;
  changed();
  await current.prompt();
  return (await current.userChoice).outcome === 'accepted';
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const media = window.matchMedia?.('(display-mode: standalone)');
  media?.addEventListener?.('change', listener);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener?.('change', listener);
  };
};

export function useInstallState(): InstallState {
  return useSyncExternalStore(subscribe, installState, () => 'unsupported');
}
