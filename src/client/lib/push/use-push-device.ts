import { useCallback, useEffect, useState } from 'react';
import type { VapidPublicKey } from '../../../shared/schemas/push';
import { ApiError, api } from '../api-client';
import { registerServiceWorker } from '../pwa/service-worker';

/**
 * This browser as one of the member's push devices: whether it can receive push, the notification permission, and
 * whether it is subscribed; subscribe() asks the permission, subscribes with the club's VAPID key and tells the
 * server; unsubscribe() tells the server and drops the browser's subscription.
 */
export type PushPermission = 'default' | 'granted' | 'denied';

export interface PushDevice {
  supported: boolean;
  permission: PushPermission;
  /** null while it is being read. */
  subscribed: boolean | null;
  busy: boolean;
  subscribe(): Promise<boolean>;
  unsubscribe(): Promise<void>;
}

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

const currentPermission = (): PushPermission =>
  pushSupported() ? (Notification.permission as PushPermission) : 'default';

/** The VAPID key as pushManager.subscribe wants it (bytes of the base64url text). */
export function applicationServerKey(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const sameKey = (subscription: PushSubscription, key: Uint8Array) => {
  const current = subscription.options?.applicationServerKey;
  if (!current) return true;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
};

export function usePushDevice(): PushDevice {
  const supported = pushSupported();
  const [permission, setPermission] = useState<PushPermission>(currentPermission);
  const [subscribed, setSubscribed] = useState<boolean | null>(supported ? null : false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!supported) return;
    let live = true;
    void registerServiceWorker()
      .then((registration) => registration.pushManager.getSubscription())
      .then((subscription) => {
        if (live) setSubscribed(Boolean(subscription) && Notification.permission === 'granted');
      })
      .catch(() => {
        if (live) setSubscribed(false);
      });
    return () => {
      live = false;
    };
  }, [supported]);

  const subscribe = useCallback(async () => {
    if (!supported) return false;
    setBusy(true);
    try {
      const answer = (await Notification.requestPermission()) as PushPermission;
      setPermission(answer);
      if (answer !== 'granted') return false;
      const { key } = await api.get<VapidPublicKey>('/api/push/vapid-public-key');
      const serverKey = applicationServerKey(key);
      const registration = await registerServiceWorker();
      await navigator.serviceWorker.ready;
      let subscription = await registration.pushManager.getSubscription();
      // Subscribed with another key (the club's keys changed): that subscription cannot be reused.
      if (subscription && !sameKey(subscription, serverKey)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: serverKey,
      });
      await api.post('/api/push/subscriptions', subscription.toJSON());
      setSubscribed(true);
      return true;
    } finally {
      setBusy(false);
    }
  }, [supported]);

  const unsubscribe = useCallback(async () => {
    if (!supported) return;
    setBusy(true);
    try {
      const registration = await registerServiceWorker();
      const subscription = await registration.pushManager.getSubscription();
      if (subscription) {
        try {
          await api.delete('/api/push/subscriptions', { endpoint: subscription.endpoint });
        } catch (error) {
          // Already gone on the server (another member took the device, or it was removed): still unsubscribe here.
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        }
        await subscription.unsubscribe();
      }
      setSubscribed(false);
    } finally {
      setBusy(false);
    }
  }, [supported]);

  return { supported, permission, subscribed, busy, subscribe, unsubscribe };
}
