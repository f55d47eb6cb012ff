import { describe, expect, it, vi } from 'vitest';
import { CHECKOUT_PATH, planCheckoutPath, SUPPORT_PATH } from '../../shared/club';
import source from './service-worker.js?raw';

const ORIGIN = 'https://clube.test';
type Listener = (event: Record<string, unknown>) => void;

/** The worker's script run against a fake worker scope: its listeners, its caches, the network as `fetch`. */
function loadWorker(network: (request: Request) => Promise<Response>) {
  const listeners = new Map<string, Listener>();
  const store = new Map<string, Map<string, Response>>();
  const cacheOf = (name: string) => {
    let entries = store.get(name);
    if (!entries) {
      entries = new Map();
      store.set(name, entries);
    }
    const urlOf = (request: Request | string) =>
      new URL(typeof request === 'string' ? request : request.url, ORIGIN);
    return {
      addAll: async (requests: Request[]) => {
        for (const request of requests) entries.set(urlOf(request).pathname, await network(request));
      },
      put: async (request: Request, response: Response) =>
        void entries.set(urlOf(request).pathname, response),
      match: async (request: Request | string) => entries.get(urlOf(request).pathname)?.clone(),
    };
  };
  const caches = {
    open: async (name: string) => cacheOf(name),
    keys: async () => [...store.keys()],
    delete: async (name: string) => store.delete(name),
    match: async (request: string, options: { cacheName: string }) =>
      cacheOf(options.cacheName).match(request),
  };
  const windows: Array<{ url: string; focus: ReturnType<typeof vi.fn>; navigate: ReturnType<typeof vi.fn> }> =
    [];
  const self = {
    location: new URL(ORIGIN),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: vi.fn(async () => {}),
    registration: {
      showNotification: vi.fn(async () => {}),
      navigationPreload: { enable: vi.fn(async () => {}) },
    },
    clients: {
      claim: vi.fn(async () => {}),
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
    },
  };
  const code = source
    .replace("const VERSION = 'SW_VERSION';", "const VERSION = 'v2';")
    .replace('const PRECACHE = SW_PRECACHE;', 'const PRECACHE = ["/index.html", "/icons/icon-192.png"];');
  /** Relative URLs resolve against the worker's origin, as in a worker. */
  class WorkerRequest extends Request {
    constructor(input: string, init?: RequestInit) {
      super(new URL(input, ORIGIN), init);
    }
  }
  // Same-origin answers are 'basic' in a browser (Node's are 'default').
  const sameOrigin = async (request: Request) =>
    Object.defineProperty(await network(request), 'type', { value: 'basic' });
  new Function('self', 'caches', 'fetch', 'Request', code)(self, caches, sameOrigin, WorkerRequest);

  /** Dispatches an event; the answer given to respondWith (undefined: the worker let the network have it). */
  const dispatch = async (type: string, fields: Record<string, unknown> = {}) => {
    let answer: Promise<Response> | undefined;
    const pending: Promise<unknown>[] = [];
    listeners.get(type)?.({
      ...fields,
      respondWith: (p: Promise<Response>) => {
        answer = p;
      },
      waitUntil: (p: Promise<unknown>) => pending.push(p),
    });
    await Promise.all(pending);
    return answer ? await answer : undefined;
  };
  const request = (path: string, init: RequestInit = {}, mode?: string) => {
    const r = new Request(`${ORIGIN}${path}`, init);
    return mode ? Object.defineProperty(r, 'mode', { value: mode }) : r;
  };
  return { self, store, windows, dispatch, request };
}

const page = (text: string) => new Response(text, { status: 200, headers: { 'content-type': 'text/html' } });

describe('the service worker', () => {
  it('keeps its files at install and drops other versions’ caches at activation', async () => {
    const w = loadWorker(async (r) => page(`rede ${new URL(r.url).pathname}`));
    w.store.set('clube-escala-v1', new Map());
    w.store.set('outra-coisa', new Map());
    await w.dispatch('install');
    await w.dispatch('activate');
    expect([...w.store.keys()].sort()).toEqual(['clube-escala-v2', 'outra-coisa']);
    expect([...(w.store.get('clube-escala-v2')?.keys() ?? [])]).toEqual([
      '/index.html',
      '/icons/icon-192.png',
    ]);
    expect(w.self.clients.claim).toHaveBeenCalled();
  });

  it('never answers the API, uploads, other methods or other sites', async () => {
    const w = loadWorker(async () => page('rede'));
    for (const r of [
      w.request('/api/offers'),
      w.request('/uploads/creatives/a.png'),
      w.request('/api/auth/logout', { method: 'POST' }),
      new Request('https://outro.site/x.js'),
      w.request('/sw.js'),
    ]) {
      expect(await w.dispatch('fetch', { request: r }), r.url).toBeUndefined();
    }
  });

  it('leaves the buy and support pages (server redirects) to the network, even slow or offline', async () => {
    let online = true;
    const w = loadWorker(async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return page('rede');
    });
    await w.dispatch('install');
    online = false;
    for (const path of [CHECKOUT_PATH, planCheckoutPath('mentoria-semestral'), SUPPORT_PATH]) {
      const r = w.request(path, {}, 'navigate');
      expect(
        await w.dispatch('fetch', { request: r, preloadResponse: Promise.resolve(undefined) }),
        path,
      ).toBe(undefined);
    }
    // Only those pages: another one still gets the shell offline.
    const other = await w.dispatch('fetch', {
      request: w.request('/clubes', {}, 'navigate'),
      preloadResponse: Promise.resolve(undefined),
    });
    expect(await other?.text()).toBe('rede');
  });

  it('serves hashed assets from its cache once fetched', async () => {
    let calls = 0;
    const w = loadWorker(async () => {
      calls++;
      return new Response('código', { status: 200 });
    });
    await w.dispatch('activate');
    const first = await w.dispatch('fetch', { request: w.request('/assets/app-abc.js') });
    const again = await w.dispatch('fetch', { request: w.request('/assets/app-abc.js') });
    expect(await first?.text()).toBe('código');
    expect(await again?.text()).toBe('código');
    expect(calls).toBe(1);
  });

  it('opens /dashboard from the shell at once; other pages from the network, the shell offline', async () => {
    let online = true;
    const w = loadWorker(async (r) => {
      if (!online) throw new TypeError('Failed to fetch');
      return page(`rede ${new URL(r.url).pathname}`);
    });
    await w.dispatch('install');
    const navigate = (path: string) =>
      w.dispatch('fetch', {
        request: w.request(path, {}, 'navigate'),
        preloadResponse: Promise.resolve(undefined),
      });
    expect(await (await navigate('/dashboard'))?.text()).toBe('rede /index.html');
    expect(await (await navigate('/perfil'))?.text()).toBe('rede /perfil');
    online = false;
    expect(await (await navigate('/perfil'))?.text()).toBe('rede /index.html');
    expect(await (await navigate('/dashboard?tab=comunidade'))?.text()).toBe('rede /index.html');
  });

  it('takes over when the page asks (SKIP_WAITING) and tells its version', async () => {
    const w = loadWorker(async () => page('rede'));
    await w.dispatch('message', { data: { type: 'OUTRA' } });
    expect(w.self.skipWaiting).not.toHaveBeenCalled();
    await w.dispatch('message', { data: { type: 'SKIP_WAITING' } });
    expect(w.self.skipWaiting).toHaveBeenCalledOnce();
    const port = { postMessage: vi.fn() };
    await w.dispatch('message', { data: { type: 'VERSION' }, ports: [port] });
    expect(port.postMessage).toHaveBeenCalledWith('v2');
  });

  it('shows a push message, and a click opens its app path in a club window', async () => {
    const w = loadWorker(async () => page('rede'));
    const message = {
      title: 'João comentou',
      body: 'Muito bom!',
      url: '/comunidade?post=1',
      kind: 'comment',
      tag: 'p:1',
    };
    await w.dispatch('push', { data: { json: () => message, text: () => JSON.stringify(message) } });
    expect(w.self.registration.showNotification).toHaveBeenCalledWith('João comentou', {
      body: 'Muito bom!',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'pt-BR',
      tag: 'p:1',
      renotify: true,
      data: { url: '/comunidade?post=1' },
    });
    // Another site in the message never becomes the notification's target.
    await w.dispatch('push', { data: { json: () => ({ title: 't', body: 'b', url: 'https://mal.site/' }) } });
    expect(w.self.registration.showNotification).toHaveBeenLastCalledWith(
      't',
      expect.objectContaining({ data: { url: '/dashboard' } }),
    );

    const close = vi.fn();
    await w.dispatch('notificationclick', { notification: { close, data: { url: '/comunidade?post=1' } } });
    expect(close).toHaveBeenCalled();
    expect(w.self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/comunidade?post=1`);
    const open = {
      url: `${ORIGIN}/dashboard`,
      focus: vi.fn(async () => {}),
      navigate: vi.fn(async () => {}),
    };
    w.windows.push(open);
    await w.dispatch('notificationclick', { notification: { close, data: { url: '/perfil' } } });
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}/perfil`);
    expect(w.self.clients.openWindow).toHaveBeenCalledOnce();
  });
});
