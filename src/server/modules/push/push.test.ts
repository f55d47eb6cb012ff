import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { MAX_PUSH_DEVICES, type PushMessage } from '../../../shared/schemas/push';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createDatabase } from '../../db/client';
import { pushSubscriptions, serverKeys } from '../../db/schema/index';
import { createMember, signIn } from '../../testing/factories';
import { type PushService, startPushService } from '../../testing/push-service';
import { createTestApp, type TestApp, testConfig } from '../../testing/test-app';
import {
  PUSH_BODY_MAX,
  PUSH_DEVICE_TAKEN,
  PUSH_SERVICE_UNKNOWN,
  PUSH_TTL_SECONDS,
  pushMessage,
  sendPush,
} from './push.service';

let t: TestApp;
let push: PushService;
let memberId: string;
let member: string;
let otherId: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_NETWORK_TARGETS: '1' });
  push = await startPushService();
  memberId = (await createMember(t.db, { name: 'Mariana' })).id;
  member = await signIn(t.db, memberId);
  otherId = (await createMember(t.db, { name: 'João' })).id;
  other = await signIn(t.db, otherId);
});
afterEach(async () => {
  await t.db.delete(pushSubscriptions);
});
afterAll(async () => {
  await t.close();
  await push.close();
});

const subscribe = (cookie: string, payload: unknown) =>
  t.request({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { cookie, 'user-agent': `Mozilla/5.0 (Linux; Android 14) ${'x'.repeat(400)}` },
    payload: payload as Record<string, unknown>,
  });
const unsubscribe = (cookie: string, endpoint: unknown) =>
  t.request({ method: 'DELETE', url: '/api/push/subscriptions', headers: { cookie }, payload: { endpoint } });
const devicesOf = (userId: string) =>
  t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
const deps = () => ({ db: t.db, config: t.config });
const message = (text: string) => JSON.parse(text) as PushMessage;

describe('push routes: who may call', () => {
  it('answers 401 to anonymous callers', async () => {
    const device = push.device();
    for (const [method, payload] of [
      ['GET', undefined],
      ['POST', device.subscription],
      ['DELETE', { endpoint: device.subscription.endpoint }],
    ] as const) {
      const url = method === 'GET' ? '/api/push/vapid-public-key' : '/api/push/subscriptions';
      const res = await t.request({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await t.db.select().from(pushSubscriptions)).toHaveLength(0);
  });
});

describe('VAPID keys', () => {
  it('are generated once, kept in server_keys and shared by every app on the database', async () => {
    const first = await t.request({
      method: 'GET',
      url: '/api/push/vapid-public-key',
      headers: { cookie: member },
    });
    expect(first.statusCode).toBe(200);
    const { key } = first.json() as { key: string };
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const [row] = await t.db.select().from(serverKeys).where(eq(serverKeys.name, 'vapid'));
    expect(JSON.parse(row?.value ?? '{}')).toMatchObject({ publicKey: key });

    // A second instance on the same database (its own pool) reads the same pair instead of making one.
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ce-push-'));
    const database = createDatabase(t.config.DATABASE_URL as string, { max: 2 });
    const second = await buildApp({
      config: testConfig(t.config.DATABASE_URL as string, dataDir),
      database,
      mailer: { destination: 'nenhum', send: async () => {} },
    });
    try {
      const res = await second.inject({
        method: 'GET',
        url: '/api/push/vapid-public-key',
        headers: { cookie: member },
      });
      expect(res.json()).toEqual({ key });
    } finally {
      await second.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
    expect(await t.db.select().from(serverKeys).where(eq(serverKeys.name, 'vapid'))).toHaveLength(1);
  });

  it('come from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set, and sign with them', async () => {
    const keys = webpush.generateVAPIDKeys();
    const app = await createTestApp({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      ALLOW_PRIVATE_NETWORK_TARGETS: '1',
      MAIL_FROM: 'Clube <avisos@clube.example>',
    });
    try {
      const userId = (await createMember(app.db)).id;
      const cookie = await signIn(app.db, userId);
      const res = await app.request({
        method: 'GET',
        url: '/api/push/vapid-public-key',
        headers: { cookie },
      });
      expect(res.json()).toEqual({ key: keys.publicKey });
      expect(await app.db.select().from(serverKeys).where(eq(serverKeys.name, 'vapid'))).toHaveLength(0);
      const device = push.device();
      const saved = await app.request({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: { cookie },
        payload: device.subscription,
      });
      expect(saved.statusCode, saved.body).toBe(201);
      const sent = await sendPush({ db: app.db, config: app.config }, userId, {
        title: 't',
        body: 'b',
        url: '/comunidade',
        kind: 'admin',
      });
      expect(sent).toEqual({ sent: 1, removed: 0, failed: 0 });
      expect(device.messages[0]).toMatchObject({
        vapidKey: keys.publicKey,
        subject: 'mailto:avisos@clube.example',
      });
    } finally {
      await app.close();
    }
  });

  it('refuses a malformed or half-set pair at start, in Portuguese', () => {
    const keys = webpush.generateVAPIDKeys();
    const load = (env: Record<string, string>) => () => testConfig('postgres://x/y', '/tmp', env);
    expect(load({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      /VAPID_PRIVATE_KEY: defina as duas chaves VAPID/,
    );
    expect(load({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY: use a chave pública em base64url \(65 bytes\)/,
    );
    expect(load({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.publicKey })).toThrow(
      /VAPID_PRIVATE_KEY: use a chave privada em base64url \(32 bytes\)/,
    );
    expect(
      loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }),
    ).toMatchObject({
      VAPID_PUBLIC_KEY: keys.publicKey,
    });
  });
});

describe('POST /api/push/subscriptions', () => {
  it('refuses bad subscriptions with a Portuguese 400 and saves nothing', async () => {
    const good = push.device().subscription;
    const cases: Array<[string, unknown, RegExp]> = [
      ['no keys', { endpoint: good.endpoint }, /Chaves de notificação inválidas/],
      ['short p256dh', { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } }, /Chaves/],
      ['long auth', { ...good, keys: { ...good.keys, auth: `${good.keys.auth}AAAA` } }, /Chaves/],
      ['auth not base64url', { ...good, keys: { ...good.keys, auth: 'a+b/c+d/e+f/g+h/i+jk==' } }, /Chaves/],
      [
        'p256dh off the curve',
        {
          ...good,
          keys: {
            ...good.keys,
            p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url'),
          },
        },
        /Chaves/,
      ],
      ['not a URL', { ...good, endpoint: 'push service' }, /Endereço de notificação inválido/],
      ['http', { ...good, endpoint: 'http://push.example.com/send/1' }, /Endereço de notificação inválido/],
      ['ftp', { ...good, endpoint: 'ftp://push.example.com/1' }, /Endereço de notificação inválido/],
      ['private literal', { ...good, endpoint: 'https://10.0.0.5/push' }, /rede interna/],
      ['metadata', { ...good, endpoint: 'https://169.254.169.254/latest' }, /rede interna/],
      [
        'credentials',
        { ...good, endpoint: 'https://u:p@push.example.com/1' },
        /Endereço de notificação inválido/,
      ],
      ['too long', { ...good, endpoint: `https://push.example.com/${'a'.repeat(2100)}` }, /longo demais/],
    ];
    for (const [name, payload, text] of cases) {
      const res = await subscribe(member, payload);
      expect(res.statusCode, name).toBe(400);
      expect((res.json() as { message: string }).message, name).toMatch(text);
    }
    expect(await devicesOf(memberId)).toHaveLength(0);
  });

  it("takes the browsers' push services only, and loopback only with ALLOW_PRIVATE_NETWORK_TARGETS", async () => {
    const keys = push.device().subscription.keys;
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx1c3Rlcg',
      'https://wns2-by3p.notify.windows.com/w/?token=BQYAAAB',
    ]) {
      expect((await subscribe(member, { endpoint, keys })).statusCode, endpoint).toBe(201);
      expect((await unsubscribe(member, endpoint)).statusCode, endpoint).toBe(204);
    }
    for (const endpoint of [
      'https://push.example.com/send/1',
      'https://fcm.googleapis.com.evil.example/fcm/send/1',
      'https://evilfcm.googleapis.com/fcm/send/1',
      'https://web.push.apple.com.evil.example/x',
      'https://push.apple.com/x',
      'https://notify.windows.com.evil.example/w',
      'https://fcm.googleapis.com:8443/fcm/send/1',
      'https://8.8.8.8/push',
    ]) {
      const res = await subscribe(member, { endpoint, keys });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json(), endpoint).toEqual({ message: PUSH_SERVICE_UNKNOWN });
    }
    expect(await devicesOf(memberId)).toHaveLength(0);

    const strict = await createTestApp();
    try {
      const cookie = await signIn(strict.db, (await createMember(strict.db)).id);
      for (const endpoint of [
        push.device().subscription.endpoint,
        'https://localhost/push',
        'https://[::1]/p',
      ]) {
        const res = await strict.request({
          method: 'POST',
          url: '/api/push/subscriptions',
          headers: { cookie },
          payload: { endpoint, keys },
        });
        expect(res.statusCode, endpoint).toBe(400);
        expect(res.json()).toEqual({ message: expect.stringMatching(/rede interna/) });
      }
    } finally {
      await strict.close();
    }
  });

  it('saves the device once per endpoint, with a short user agent; a device that changes hands moves', async () => {
    const device = push.device();
    expect((await subscribe(member, device.subscription)).statusCode).toBe(201);
    expect((await subscribe(member, device.subscription)).statusCode).toBe(201);
    const [saved, ...more] = await devicesOf(memberId);
    expect(more).toHaveLength(0);
    expect(saved).toMatchObject({
      endpoint: device.subscription.endpoint,
      p256dh: device.subscription.keys.p256dh,
    });
    expect(saved?.userAgent?.length).toBe(200);

    // João signs in on the same browser and turns push on: the device is his now.
    expect((await subscribe(other, device.subscription)).statusCode).toBe(201);
    expect(await devicesOf(memberId)).toHaveLength(0);
    expect((await devicesOf(otherId)).map((d) => d.endpoint)).toEqual([device.subscription.endpoint]);
    // Mariana cannot remove it any more; João can.
    expect((await unsubscribe(member, device.subscription.endpoint)).statusCode).toBe(404);
    expect(await devicesOf(otherId)).toHaveLength(1);
    const gone = await unsubscribe(other, device.subscription.endpoint);
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe('');
    const again = await unsubscribe(other, device.subscription.endpoint);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Este aparelho não recebe notificações.' });
    expect((await unsubscribe(other, 'not a url')).statusCode).toBe(400);
  });

  it("never moves another member's device to someone who only knows its endpoint", async () => {
    const device = push.device();
    expect((await subscribe(member, device.subscription)).statusCode).toBe(201);
    const [before] = await devicesOf(memberId);

    // João learned Mariana's endpoint and registers it with keys of his own.
    const his = push.device().subscription.keys;
    for (const keys of [his, { p256dh: device.subscription.keys.p256dh, auth: his.auth }]) {
      const res = await subscribe(other, { endpoint: device.subscription.endpoint, keys });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: PUSH_DEVICE_TAKEN });
    }
    expect(await devicesOf(otherId)).toHaveLength(0);
    expect(await devicesOf(memberId)).toEqual([before]);

    // Push still reaches Mariana's device, encrypted with her keys.
    expect(
      await sendPush(deps(), memberId, { title: 't', body: 'b', url: '/perfil', kind: 'admin' }),
    ).toEqual({
      sent: 1,
      removed: 0,
      failed: 0,
    });
    expect(device.messages).toHaveLength(1);
    expect(await sendPush(deps(), otherId, { title: 't', body: 'b', url: '/perfil', kind: 'admin' })).toEqual(
      {
        sent: 0,
        removed: 0,
        failed: 0,
      },
    );

    // Her own browser may renew its keys (same member: no secret needed).
    const renewed = { ...device.subscription, keys: push.device().subscription.keys };
    expect((await subscribe(member, renewed)).statusCode).toBe(201);
    expect((await devicesOf(memberId))[0]?.auth).toBe(renewed.keys.auth);
  });

  it(`keeps at most ${MAX_PUSH_DEVICES} devices per member, dropping the oldest`, async () => {
    const devices = Array.from({ length: MAX_PUSH_DEVICES + 2 }, () => push.device());
    for (const device of devices) {
      expect((await subscribe(member, device.subscription)).statusCode).toBe(201);
    }
    const kept = new Set((await devicesOf(memberId)).map((d) => d.endpoint));
    expect(kept.size).toBe(MAX_PUSH_DEVICES);
    expect(kept.has(devices[0]!.subscription.endpoint)).toBe(false);
    expect(kept.has(devices[1]!.subscription.endpoint)).toBe(false);
    expect(kept.has(devices.at(-1)!.subscription.endpoint)).toBe(true);
    // Another member's devices are never counted against her.
    expect(await devicesOf(otherId)).toHaveLength(0);
  });
});

describe('sendPush', () => {
  it('delivers the encrypted message to each of the member’s devices, and only theirs', async () => {
    const phone = push.device();
    const laptop = push.device();
    const othersPhone = push.device();
    await subscribe(member, phone.subscription);
    await subscribe(member, laptop.subscription);
    await subscribe(other, othersPhone.subscription);
    const longText = `João comentou: ${'muito bom '.repeat(40)}`;
    const result = await sendPush(deps(), memberId, {
      title: 'João comentou no seu post',
      body: longText,
      url: '/comunidade?post=123',
      kind: 'comment',
      tag: 'post:123',
    });
    expect(result).toEqual({ sent: 2, removed: 0, failed: 0 });
    expect(push.rejected).toEqual([]);
    for (const device of [phone, laptop]) {
      expect(device.messages).toHaveLength(1);
      const received = device.messages[0]!;
      expect(message(received.text)).toEqual({
        title: 'João comentou no seu post',
        body: expect.stringMatching(/^João comentou: muito bom .*…$/),
        url: '/comunidade?post=123',
        kind: 'comment',
        tag: 'post:123',
      });
      expect(message(received.text).body.length).toBeLessThanOrEqual(PUSH_BODY_MAX);
      expect(received).toMatchObject({
        ttl: String(PUSH_TTL_SECONDS),
        urgency: 'normal',
        subject: 'mailto:nao-responda@clubeescala.local',
      });
    }
    expect(othersPhone.messages).toHaveLength(0);
    const rows = await devicesOf(memberId);
    expect(rows.every((r) => r.lastSuccessAt !== null && r.failures === 0)).toBe(true);
  });

  it('removes a device its push service says is gone (404, 410), counts other failures and never throws', async () => {
    const gone = push.device();
    gone.answer = 410;
    const unknown = push.device();
    unknown.answer = 404;
    const busy = push.device();
    busy.answer = 500;
    const fine = push.device();
    for (const device of [gone, unknown, busy, fine]) await subscribe(member, device.subscription);
    // A device whose push service is down (nothing listens on that port).
    await subscribe(member, { ...push.device().subscription, endpoint: 'http://127.0.0.1:9/push/x' });

    const payload = {
      title: 'Oferta escalando',
      body: 'x',
      url: '/dashboard',
      kind: 'offer-scaling',
    } as const;
    expect(await sendPush(deps(), memberId, payload)).toEqual({ sent: 1, removed: 2, failed: 2 });
    const left = await devicesOf(memberId);
    expect(left.map((d) => d.endpoint).sort()).toEqual(
      [busy.subscription.endpoint, fine.subscription.endpoint, 'http://127.0.0.1:9/push/x'].sort(),
    );
    expect(left.find((d) => d.endpoint === busy.subscription.endpoint)?.failures).toBe(1);
    expect(await sendPush(deps(), memberId, payload)).toEqual({ sent: 1, removed: 0, failed: 2 });
    expect((await devicesOf(memberId)).find((d) => d.endpoint === busy.subscription.endpoint)?.failures).toBe(
      2,
    );
    expect(fine.messages).toHaveLength(2);
    // A member without devices: nothing to do.
    expect(await sendPush(deps(), otherId, payload)).toEqual({ sent: 0, removed: 0, failed: 0 });
  });

  it('never reaches a loopback endpoint without ALLOW_PRIVATE_NETWORK_TARGETS', async () => {
    const device = push.device();
    await t.db.insert(pushSubscriptions).values({
      userId: memberId,
      endpoint: device.subscription.endpoint,
      p256dh: device.subscription.keys.p256dh,
      auth: device.subscription.keys.auth,
    });
    const strictConfig = { ...t.config, ALLOW_PRIVATE_NETWORK_TARGETS: false };
    const result = await sendPush({ db: t.db, config: strictConfig }, memberId, {
      title: 't',
      body: 'b',
      url: '/dashboard',
      kind: 'admin',
    });
    expect(result).toEqual({ sent: 0, removed: 0, failed: 1 });
    expect(device.messages).toHaveLength(0);
  });

  it('carries an app path only, and a short title and excerpt', () => {
    const built = pushMessage({
      title: 'T'.repeat(200),
      body: 'a\n\nb',
      url: 'https://evil.example/x',
      kind: 'like',
    });
    expect(built.url).toBe('/dashboard');
    expect(built.title.length).toBe(80);
    expect(built.body).toBe('a b');
    expect(pushMessage({ title: 't', body: 'b', url: '//evil.example', kind: 'like' }).url).toBe(
      '/dashboard',
    );
    expect(pushMessage({ title: 't', body: 'b', url: '/perfil', kind: 'like' })).toEqual({
      title: 't',
      body: 'b',
      url: '/perfil',
      kind: 'like',
    });
  });
});
