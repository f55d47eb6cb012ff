import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedPurchases, emailVerifications, users, webhookEvents } from '../../db/schema/index';
import { createAdmin, createMember, signIn } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let adminId: string;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createAdmin(t.db);
  adminId = admin.id;
  adminCookie = await signIn(t.db, admin.id);
});
afterAll(() => t.close());

const asAdmin = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) =>
  t.request({ method, url, headers: { cookie: adminCookie }, ...(payload === undefined ? {} : { payload }) });
const status = async (cookie: string) =>
  (await t.request({ method: 'GET', url: '/api/notifications', headers: { cookie } })).statusCode;
const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('users', () => {
  it('lists every user, the admin included, newest first, without secrets', async () => {
    const older = await createMember(t.db, { name: 'Mais Antigo' });
    const newer = await createMember(t.db, { name: 'Mais Novo' });
    const res = await asAdmin('GET', '/api/admin/users');
    expect(res.statusCode).toBe(200);
    const list = res.json().items as Array<Record<string, unknown>>;
    const ids = list.map((u) => u.id);
    expect(ids).toContain(adminId);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.find((u) => u.id === adminId)).toMatchObject({ isAdmin: true, status: 'Ativo' });
    expect(list.find((u) => u.id === newer.id)).toMatchObject({
      name: 'Mais Novo',
      isAdmin: false,
      lastLogin: null,
      planType: 'Mentoria Mensal',
      emailVerified: true,
    });
    expect(JSON.stringify(list)).not.toContain('scrypt');
    expect(Object.keys(list[0]!)).not.toContain('passwordHash');
  });

  it('cancels a user (ending their sessions) and reactivates them', async () => {
    const member = await createMember(t.db);
    const cookie = await signIn(t.db, member.id);
    expect(await status(cookie)).toBe(200);

    const canceled = await asAdmin('PATCH', `/api/admin/users/${member.id}/status`, { status: 'Cancelado' });
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({ id: member.id, status: 'Cancelado' });
    expect(canceled.json().statusChangedAt).not.toBeNull();
    expect(await status(cookie)).toBe(401);

    const reactivated = await asAdmin('PATCH', `/api/admin/users/${member.id}/status`, { status: 'Ativo' });
    expect(reactivated.statusCode).toBe(200);
    expect(reactivated.json().status).toBe('Ativo');
    expect((await userRow(member.id)).status).toBe('Ativo');
    // Reactivation does not bring the ended session back: the member logs in again.
    expect(await status(cookie)).toBe(401);
  });

  it('refuses to cancel the admin, unknown ids, bad ids and bad statuses', async () => {
    const self = await asAdmin('PATCH', `/api/admin/users/${adminId}/status`, { status: 'Cancelado' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('Você não pode cancelar a própria conta de administrador.');
    expect((await userRow(adminId)).status).toBe('Ativo');

    const unknown = await asAdmin('PATCH', `/api/admin/users/${randomUUID()}/status`, { status: 'Ativo' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Usuário não encontrado.');

    const badId = await asAdmin('PATCH', '/api/admin/users/123/status', { status: 'Ativo' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('Identificador inválido.');

    const member = await createMember(t.db);
    const badStatus = await asAdmin('PATCH', `/api/admin/users/${member.id}/status`, { status: 'Banido' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().message).toBe('Status inválido: use Ativo ou Cancelado.');
  });

  it('verifies a user and closes their pending verifications', async () => {
    const member = await createMember(t.db, { emailVerified: false });
    await t.db.insert(emailVerifications).values({
      email: member.email,
      userId: member.id,
      tokenHash: 'x',
      codeHash: 'y',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const bad = await asAdmin('PATCH', `/api/admin/users/${member.id}/verify`, { emailVerified: false });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Envie emailVerified: true.');

    const res = await asAdmin('PATCH', `/api/admin/users/${member.id}/verify`, { emailVerified: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: member.id, emailVerified: true });
    const pending = await t.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, member.id));
    expect(pending.every((v) => v.verified)).toBe(true);

    const unknown = await asAdmin('PATCH', `/api/admin/users/${randomUUID()}/verify`, {
      emailVerified: true,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('global logout ends every session but the admin’s current one', async () => {
    const a = await signIn(t.db, (await createMember(t.db)).id);
    const b = await signIn(t.db, (await createMember(t.db)).id);
    const otherAdminSession = await signIn(t.db, adminId);
    const res = await asAdmin('POST', '/api/admin/logout-all-users', {});
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Todos os usuários foram desconectados.');
    expect(res.json().count).toBeGreaterThanOrEqual(3);
    expect(await status(a)).toBe(401);
    expect(await status(b)).toBe(401);
    expect(await status(otherAdminSession)).toBe(401);
    expect(await status(adminCookie)).toBe(200);
  });
});

describe('webhook administration', () => {
  it('creates, lists and deletes mappings with the form messages', async () => {
    const created = await asAdmin('POST', '/api/admin/webhook-mappings', {
      productId: ' prod-1 ',
      offerId: '',
      planType: 'mentoria-semestral',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      productId: 'prod-1',
      offerId: null,
      planType: 'mentoria-semestral',
    });

    const dup = await asAdmin('POST', '/api/admin/webhook-mappings', {
      productId: 'prod-1',
      planType: 'gratuito',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Já existe um mapeamento para este produto.');
    const otherOffer = await asAdmin('POST', '/api/admin/webhook-mappings', {
      productId: 'prod-1',
      offerId: 'oferta-2',
      planType: 'gratuito',
    });
    expect(otherOffer.statusCode).toBe(201);

    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'ID do produto e plano são obrigatórios'],
      [{ productId: ' ', planType: '' }, 'ID do produto e plano são obrigatórios'],
      [{ planType: 'gratuito' }, 'ID do produto é obrigatório'],
      [{ productId: 'p' }, 'Selecione um plano válido'],
      [{ productId: 'p', planType: 'vitalicio' }, 'Selecione um plano válido'],
    ];
    for (const [body, message] of cases) {
      const res = await asAdmin('POST', '/api/admin/webhook-mappings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }

    const list = await asAdmin('GET', '/api/admin/webhook-mappings');
    expect(list.json().map((m: { productId: string; offerId: string | null }) => m.offerId)).toEqual([
      'oferta-2',
      null,
    ]);

    const id = created.json().id;
    expect((await asAdmin('DELETE', `/api/admin/webhook-mappings/${id}`)).statusCode).toBe(200);
    const gone = await asAdmin('DELETE', `/api/admin/webhook-mappings/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Mapeamento não encontrado.');
  });

  it('shows the endpoint and whether a token is set, never the token', async () => {
    const res = await asAdmin('GET', '/api/admin/webhook-config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      endpointUrl: 'http://localhost:3000/api/webhook/lastlink',
      tokenConfigured: true,
    });
    expect(res.body).not.toContain(t.config.LASTLINK_WEBHOOK_TOKEN!);
  });

  it('test webhooks really act, are stored as tests and listed newest first', async () => {
    const member = await createMember(t.db, { email: 'testado@example.com' });
    const cookie = await signIn(t.db, member.id);

    const bad = await asAdmin('POST', '/api/admin/test-webhook', {
      eventType: 'Abandoned_Cart',
      email: 'a@b.co',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Evento de teste inválido.');
    const badMail = await asAdmin('POST', '/api/admin/test-webhook', {
      eventType: 'Subscription_Canceled',
      email: 'não-é-email',
    });
    expect(badMail.statusCode).toBe(400);
    expect(badMail.json().message).toBe('E-mail inválido');

    const purchase = await asAdmin('POST', '/api/admin/test-webhook', {
      eventType: 'Purchase_Order_Confirmed',
      email: 'Testado@Example.com',
    });
    expect(purchase.statusCode).toBe(200);
    expect(purchase.json().message).toBe('Webhook de teste processado.');
    expect(purchase.json().outcome).toContain('Compra confirmada');
    const purchases = await t.db
      .select()
      .from(confirmedPurchases)
      .where(eq(confirmedPurchases.email, 'testado@example.com'));
    expect(purchases).toHaveLength(1);

    const cancel = await asAdmin('POST', '/api/admin/test-webhook', {
      eventType: 'Subscription_Canceled',
      email: 'testado@example.com',
    });
    expect(cancel.json().outcome).toContain('usuário cancelado');
    expect((await userRow(member.id)).status).toBe('Cancelado');
    expect(await status(cookie)).toBe(401);

    const events = await asAdmin('GET', '/api/admin/webhook-events');
    expect(events.statusCode).toBe(200);
    const [latest, previous] = events.json();
    expect(latest).toMatchObject({
      eventType: 'Subscription_Canceled',
      buyerEmail: 'testado@example.com',
      buyerName: 'Teste Webhook',
      isTest: true,
    });
    expect(JSON.parse(latest.rawData)).toMatchObject({ IsTest: true, Event: 'Subscription_Canceled' });
    expect(previous.eventType).toBe('Purchase_Order_Confirmed');
  });

  it('pages the history newest first: 50 a page, `before` the last shown, events of the same instant kept apart by id', async () => {
    // 120 events: pairs received at the same instant (the order then falls to the id), newest first.
    const base = Date.now() + 60_000;
    await t.db.insert(webhookEvents).values(
      Array.from({ length: 120 }, (_, i) => ({
        externalId: `lote-${i}`,
        eventType: 'Abandoned_Cart',
        rawData: '{}',
        receivedAt: new Date(base - Math.floor(i / 2) * 1_000),
      })),
    );
    try {
      const seen: string[] = [];
      const sizes: number[] = [];
      let before: string | undefined;
      for (;;) {
        const res = await asAdmin('GET', `/api/admin/webhook-events${before ? `?before=${before}` : ''}`);
        expect(res.statusCode).toBe(200);
        const page = res.json() as Array<{ id: string; eventType: string; receivedAt: string }>;
        sizes.push(page.length);
        seen.push(...page.filter((e) => e.eventType === 'Abandoned_Cart').map((e) => e.id));
        if (page.length < 50) break;
        before = page.at(-1)?.id;
      }
      expect(sizes.slice(0, 2)).toEqual([50, 50]);
      // Every event once, in the database's order.
      const expected = await t.db
        .select({ id: webhookEvents.id })
        .from(webhookEvents)
        .where(eq(webhookEvents.eventType, 'Abandoned_Cart'))
        .orderBy(desc(webhookEvents.receivedAt), desc(webhookEvents.id));
      expect(seen).toEqual(expected.map((e) => e.id));

      const small = await asAdmin('GET', '/api/admin/webhook-events?limit=3');
      expect(small.json()).toHaveLength(3);
      for (const [query, message] of [
        ['before=nao-e-um-id', 'Cursor inválido.'],
        ['limit=0', null],
        ['limit=101', null],
      ] as const) {
        const bad = await asAdmin('GET', `/api/admin/webhook-events?${query}`);
        expect(bad.statusCode, query).toBe(400);
        if (message) expect(bad.json().message).toContain(message);
      }
      // An id that is no event: an empty page, not an error.
      expect((await asAdmin('GET', `/api/admin/webhook-events?before=${randomUUID()}`)).json()).toEqual([]);
    } finally {
      await t.db.delete(webhookEvents).where(eq(webhookEvents.eventType, 'Abandoned_Cart'));
    }
  });
});

describe('stats', () => {
  it('counts users, notifications, webhook events and calls', async () => {
    const fresh = await createTestApp();
    try {
      const admin = await createAdmin(fresh.db);
      const cookie = await signIn(fresh.db, admin.id);
      await createMember(fresh.db);
      await createMember(fresh.db, { emailVerified: false });
      await createMember(fresh.db, { status: 'Cancelado' });
      await fresh.db.insert(webhookEvents).values([
        { externalId: '1', eventType: 'Purchase_Order_Confirmed', rawData: '{}' },
        { externalId: '2', eventType: 'purchase_order_confirmed', rawData: '{}' },
        { externalId: '3', eventType: 'Subscription_Canceled', rawData: '{}' },
        { externalId: '4', eventType: 'Abandoned_Cart', rawData: '{}' },
      ]);
      const post = await fresh.request({
        method: 'POST',
        url: '/api/admin/notifications',
        headers: { cookie },
        payload: { title: 'Aviso', description: 'Texto' },
      });
      expect(post.statusCode).toBe(201);
      for (const title of ['Call de quinta', 'Gravação de terça']) {
        const call = await fresh.request({
          method: 'POST',
          url: '/api/live-calls',
          headers: { cookie },
          payload: { title, description: 'Mentoria', callTime: '20:00' },
        });
        expect(call.statusCode).toBe(201);
      }

      const res = await fresh.request({ method: 'GET', url: '/api/admin/stats', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        totalUsers: 4,
        activeUsers: 2,
        pendingVerificationUsers: 1,
        canceledUsers: 1,
        totalOffers: 0,
        userOffers: 0,
        totalNotifications: 1,
        totalWebhooks: 4,
        purchaseConfirmed: 2,
        subscriptionCanceled: 1,
        totalCalls: 2,
      });
    } finally {
      await fresh.close();
    }
  });
});
