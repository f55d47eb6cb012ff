import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFetchStub, json, renderWithProviders } from '../testing/render-with-providers';
import { PushDeviceToggle } from './push-device-toggle';

const KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const KEYS = { p256dh: 'BPdevicekey'.padEnd(87, 'A'), auth: 'authsecret-16byte' };
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1';

/** A browser's push machinery as the hook uses it: a registration, its pushManager, the permission. */
function stubBrowser({ permission = 'default', answer = 'granted', subscribed = false } = {}) {
  let current: PushSubscription | null = null;
  const unsubscribe = vi.fn(async () => {
    current = null;
    return true;
  });
  const make = () =>
    ({
      endpoint: ENDPOINT,
      options: { applicationServerKey: null },
      toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
      unsubscribe,
    }) as unknown as PushSubscription;
  if (subscribed) current = make();
  const subscribe = vi.fn(async (_options: PushSubscriptionOptionsInit) => {
    current = make();
    return current;
  });
  const registration = {
    pushManager: { getSubscription: async () => current, subscribe },
    waiting: null,
    addEventListener: () => {},
    update: async () => {},
  };
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      controller: null,
      ready: Promise.resolve(registration),
      register: async () => registration,
      addEventListener: () => {},
    },
  });
  return { subscribe, unsubscribe, notification };
}

beforeEach(() => {
  vi.unstubAllGlobals();
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('PushDeviceToggle', () => {
  it('explains, in Portuguese, a browser without push', () => {
    renderWithProviders(<PushDeviceToggle />);
    expect(screen.getByRole('heading', { name: 'Notificações neste aparelho' })).toBeTruthy();
    expect(screen.getByText(/Este navegador não recebe notificações push/)).toBeTruthy();
    expect(screen.getByText(/Adicionar à Tela de Início/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('tells how to allow notifications when the browser blocks them', async () => {
    stubBrowser({ permission: 'denied' });
    renderWithProviders(<PushDeviceToggle />);
    expect(await screen.findByText(/estão bloqueadas neste navegador/)).toBeTruthy();
    expect(screen.getByText(/mude Notificações para Permitir/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('subscribes with the club key and sends the subscription to the server', async () => {
    const browser = stubBrowser();
    const stub = createFetchStub({
      'GET /api/push/vapid-public-key': () => json(200, { key: KEY }),
      'POST /api/push/subscriptions': () => json(201, { message: 'Notificações ativadas neste aparelho.' }),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<PushDeviceToggle />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ativar' }));
    expect(await screen.findByRole('button', { name: 'Desativar' })).toBeTruthy();
    expect(browser.notification.requestPermission).toHaveBeenCalledOnce();
    const options = browser.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    const key = options.applicationServerKey as Uint8Array;
    expect(key.length).toBe(65);
    expect(Buffer.from(key).toString('base64url')).toBe(KEY);
    expect(stub.calls.find((c) => c.method === 'POST')?.body).toEqual({
      endpoint: ENDPOINT,
      expirationTime: null,
      keys: KEYS,
    });
    expect(screen.getByText(/Ativadas: este aparelho recebe/)).toBeTruthy();
    expect(stub.unexpected).toEqual([]);
  });

  it('asks nothing of the server when the member refuses the permission', async () => {
    const browser = stubBrowser({ answer: 'denied' });
    const stub = createFetchStub({});
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<PushDeviceToggle />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ativar' }));
    expect(await screen.findByText(/estão bloqueadas neste navegador/)).toBeTruthy();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(stub.calls).toEqual([]);
  });

  it('unsubscribes this device on the server and in the browser', async () => {
    const browser = stubBrowser({ permission: 'granted', subscribed: true });
    const stub = createFetchStub({
      'DELETE /api/push/subscriptions': () => new Response(null, { status: 204 }),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<PushDeviceToggle />);
    await userEvent.click(await screen.findByRole('button', { name: 'Desativar' }));
    await waitFor(() => expect(browser.unsubscribe).toHaveBeenCalledOnce());
    expect(await screen.findByRole('button', { name: 'Ativar' })).toBeTruthy();
    expect(stub.calls).toEqual([
      { method: 'DELETE', path: '/api/push/subscriptions', body: { endpoint: ENDPOINT } },
    ]);
  });
});
