import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../../lib/mail/mail';
import { metricValue } from '../../testing/metrics-text';
import { type PushService, startPushService } from '../../testing/push-service';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { commentOn, postBy, type Session, signedInMember } from '../community/community.test-support';
import { type DeliveryDeps, deliverDue } from './delivery';

let t: TestApp;
let push: PushService;
let ana: Session;
let bruno: Session;
let deps: DeliveryDeps;
const mailer: Mailer = { destination: 'teste', async send() {} };

beforeAll(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_NETWORK_TARGETS: '1' });
  push = await startPushService();
  ana = await signedInMember(t, { name: 'Ana' });
  bruno = await signedInMember(t, { name: 'Bruno' });
  deps = { db: t.db, mailer, config: t.config, log: t.app.log, counts: t.app.metrics.deliveries };
});
afterAll(async () => {
  await push.close();
  await t.close();
});

async function commentOnNewPost(author: Session, commenter: Session, title: string) {
  const postId = await postBy(author, title);
  return { postId, commentId: await commentOn(commenter, postId, 'Boa!') };
}
const pushRows = (userId: string) =>
  t.db
    .execute<{ state: string }>(
      sql`select state from notification_deliveries where user_id = ${userId} and channel = 'push' order by id`,
    )
    .then((r) => r.rows.map((row) => row.state));
/** clube_notification_sends_total of push: one per member's push that reached a device, or reached none. */
const pushSends = async (result: 'sent' | 'failed') =>
  metricValue(await t.app.metrics.text(), 'clube_notification_sends_total', { channel: 'push', result });

describe('push notices', () => {
  it("reach the member's devices decrypted, only when a device is subscribed and push is on for the kind", async () => {
    // No device yet: nothing queued for push (the e-mail still is).
    await commentOnNewPost(ana, bruno, 'Sem aparelho');
    expect(await pushRows(ana.user.id)).toEqual([]);

    const phone = push.device();
    expect((await ana.call('POST', '/api/push/subscriptions', phone.subscription)).statusCode).toBe(201);
    const { postId, commentId } = await commentOnNewPost(ana, bruno, 'Com aparelho');
    expect(await pushRows(ana.user.id)).toEqual(['pending']);
    await deliverDue(deps);
    expect(await pushRows(ana.user.id)).toEqual(['sent']);
    expect(phone.messages).toHaveLength(1);
    expect([await pushSends('sent'), await pushSends('failed')]).toEqual([1, 0]);
    const message = JSON.parse(phone.messages[0]?.text ?? '{}');
    expect(message).toMatchObject({
      title: 'Bruno comentou no seu post',
      body: 'Com aparelho',
      url: `/dashboard?tab=comunidade&post=${postId}&comment=${commentId}`,
      kind: 'comment',
      tag: 'comment',
    });
    expect(push.rejected).toEqual([]);

    // Push off for comments: the next one queues no push.
    await ana.call('PUT', '/api/user/notification-preferences', {
      comment: { email: 'immediate', push: false },
    });
    await commentOnNewPost(ana, bruno, 'Push desligado');
    expect(await pushRows(ana.user.id)).toEqual(['sent']);
    await ana.call('PUT', '/api/user/notification-preferences', {
      comment: { email: 'immediate', push: true },
    });

    // The push service forgot the device (410): the device goes, the push is not retried, the bell keeps it.
    phone.answer = 410;
    await commentOnNewPost(ana, bruno, 'Aparelho esquecido');
    await deliverDue(deps);
    expect(await pushRows(ana.user.id)).toEqual(['sent', 'failed']);
    expect([await pushSends('sent'), await pushSends('failed')]).toEqual([1, 1]);
    const devices = await t.db.execute(sql`select 1 from push_subscriptions where user_id = ${ana.user.id}`);
    expect(devices.rows).toHaveLength(0);
    const bell = (await (await ana.call('GET', '/api/notifications')).json()) as { description: string }[];
    expect(bell.map((n) => n.description)).toContain('Aparelho esquecido');
  });
});
