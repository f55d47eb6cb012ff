// The club's service worker, built into dist/client/sw.js by the Vite plugin in vite.config.ts (pwa-service-worker.ts),
// which replaces SW_VERSION and SW_PRECACHE with the build's version and the files to keep (docs/decisions.md,
// "O app no celular (PWA) e push"). Plain JavaScript: it is copied, not bundled.
//  - /assets/* (hashed, never change): cache first, stored on first use.
//  - /dashboard (the installed app's start page): the cached generic shell at once (/index.html as built: no
//    member's preloads in it); the app draws from its cached code and asks the server for the session and data.
//  - Other pages (navigations): the network first, with a short wait; offline or slow, the cached shell.
//  - /api/*, /uploads/*, /clube and /suporte (the server's redirects to the checkout and to support), other methods:
//    never touched (the network only).
//  - A new version installs and waits; the page offers 'Atualizar', which posts SKIP_WAITING.
//  - push: shows the notification; a click focuses an open club window at its URL, or opens one.

const VERSION = 'SW_VERSION';
const PRECACHE = SW_PRECACHE;
const CACHE = `clube-escala-${VERSION}`;
const SHELL = '/index.html';
/**
 * The installed app's first screen (the manifest's start_url): drawn from the cached shell at once, without waiting
 * for the HTML's round trip; the shell's code asks for the session and the data itself. Other pages keep the
 * server's HTML (its redirects, its preloads).
 */
const START_PAGE = '/dashboard';
/**
 * Pages the server answers with a redirect (src/shared/club.ts: CHECKOUT_PATH, SUPPORT_PATH; the test checks they
 * match): the cached shell has no route for them and would show 'Página não encontrada'.
 */
const SERVER_PAGES = ['/clube', '/suporte'];
/** How long a page waits for the network before the cached shell answers (a very slow connection). */
const NAVIGATION_TIMEOUT_MS = 4000;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' })))),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('clube-escala-') && name !== CACHE) await caches.delete(name);
      }
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (event.data?.type === 'VERSION') event.ports[0]?.postMessage(VERSION);
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (
    url.pathname.startsWith('/api/') ||
    url.pathname.startsWith('/uploads/') ||
    url.pathname === '/sw.js' ||
    SERVER_PAGES.includes(url.pathname)
  )
    return;
  if (request.mode === 'navigate') {
    event.respondWith(url.pathname === START_PAGE ? startPage(event) : page(event));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request, true));
    return;
  }
  if (PRECACHE.includes(url.pathname)) event.respondWith(cacheFirst(request, false));
});

async function cacheFirst(request, store) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (store && response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

async function startPage(event) {
  const shell = await caches.match(SHELL, { cacheName: CACHE });
  if (!shell) return page(event);
  // The navigation preload, when on, was already sent: its answer is not needed.
  if (event.preloadResponse) event.waitUntil(event.preloadResponse.catch(() => null));
  return shell;
}

async function page(event) {
  const fromNetwork = (async () => (await event.preloadResponse) ?? fetch(event.request))();
  // The page's own answer when it comes in time (a redirect, a 404 page, the member's preloads); the shell otherwise.
  const timeout = new Promise((resolve) => setTimeout(resolve, NAVIGATION_TIMEOUT_MS, null));
  const first = await Promise.race([fromNetwork.catch(() => null), timeout]);
  if (first) return first;
  const shell = await caches.match(SHELL, { cacheName: CACHE });
  if (shell) {
    // Keeps the (slow) network answer from being reported as an error once nobody waits for it.
    event.waitUntil(fromNetwork.catch(() => null));
    return shell;
  }
  return fromNetwork;
}

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'Clube Escala';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'pt-BR',
      ...(typeof message.tag === 'string' && message.tag ? { tag: message.tag, renotify: true } : {}),
      data: {
        url: typeof message.url === 'string' && message.url.startsWith('/') ? message.url : '/dashboard',
      },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/dashboard', self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if (open.url !== target.href)
          await open.navigate(target.href).catch(() => self.clients.openWindow(target.href));
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
