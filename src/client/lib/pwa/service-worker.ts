import { toast } from '../toast';

/**
 * Registers /sw.js (once per page) and offers each new version: when a deploy's worker has installed and waits, a
 * toast 'Nova versão disponível' with 'Atualizar'; the click tells that worker to take over (SKIP_WAITING) and the
 * page reloads once when it has (controllerchange). A page that did not click only reloads when its member asks.
 */
/** One registration per page (keyed by the page's service worker container). */
const registering = new WeakMap<ServiceWorkerContainer, Promise<ServiceWorkerRegistration>>();
const UPDATE_CHECK_MS = 60 * 60 * 1000;
export const UPDATE_TOAST_ID = 'sw-update';

export function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  const container = navigator.serviceWorker;
  let registration = registering.get(container);
  if (!registration) {
    registration = register(container);
    registering.set(container, registration);
  }
  return registration;
}

async function register(container: ServiceWorkerContainer): Promise<ServiceWorkerRegistration> {
  const registration = await container.register('/sw.js', { scope: '/' });
  let accepted = false;
  let reloaded = false;

  const offer = (worker: ServiceWorker) => {
    // The first install (no controller yet) is no new version: nothing to offer.
    if (!container.controller) return;
    toast('Nova versão disponível', {
      id: UPDATE_TOAST_ID,
      description: 'Atualize para usar a versão mais recente do clube.',
      duration: Number.POSITIVE_INFINITY,
      action: {
        label: 'Atualizar',
        onClick: () => {
          accepted = true;
          worker.postMessage({ type: 'SKIP_WAITING' });
        },
      },
    });
  };

  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(worker);
    });
  });
  container.addEventListener('controllerchange', () => {
    // Only the page whose member clicked reloads, and only once (the first install's claim changes it too).
    if (accepted && !reloaded) {
      reloaded = true;
      window.location.reload();
    }
  });
  // A tab left open for days still hears of a deploy: checked when it comes back to the front, at most hourly.
  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastCheck < UPDATE_CHECK_MS) return;
    lastCheck = Date.now();
    registration.update().catch(() => {});
  });
  return registration;
}
