import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedPurchases, users, webhookEvents, webhookProductMap } from '../../db/schema/index';
import { projectRoot } from '../../lib/paths';
import { createAdmin, createMember, signIn } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

const FIXTURES = path.resolve(projectRoot, 'src/server/testing/fixtures/lastlink');
const TOKEN = 'test-webhook-token';
const fixtureText = (name: string) => readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8');
type Payload = Record<string, unknown> & { Data: Record<string, unknown> };

/** A fixture with a fresh Id (so tests do not collide) and any changes applied. */
function fixture(name: string, change: (p: Payload) => void = () => {}): Payload {
  const payload = JSON.parse(fixtureText(name)) as Payload;
  payload.Id = crypto.randomUUID();
  change(payload);
  return payload;
}
const withBuyer = (email: string) => (p: Payload) => {
  (p.Data.Buyer as Record<string, unknown>).Email = email;
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function deliver(payload: unknown, headers: Record<string, string> = { 'x-lastlink-token': TOKEN }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/webhook/lastlink',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

const eventById = async (id: unknown) =>
  t.db
    .select()
    .from(webhookEvents)
    .where(eq(webhookEvents.externalId, String(id)));
const purchasesOf = (email: string) =>
  t.db.select().from(confirmedPurchases).where(eq(confirmedPurchases.email, email));
const userById = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('webhook authentication', () => {
  it('refuses a missing or wrong token with 401 and stores nothing', async () => {
    const payload = fixture('purchase-order-confirmed');
    const missing = await deliver(payload, {});
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ message: 'Token do webhook inválido.' });
    const wrong = await deliver(payload, { 'x-lastlink-token': `${TOKEN}x` });
    expect(wrong.statusCode).toBe(401);
    const wrongQuery = await t.app.inject({
      method: 'POST',
      url: '/api/webhook/lastlink?token=errado',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expect(wrongQuery.statusCode).toBe(401);
    expect(await eventById(payload.Id)).toHaveLength(0);
  });

  it('accepts the token as a query parameter, without any Origin (no CSRF check)', async () => {
    const payload = fixture('subscription-expired', withBuyer('ninguem@example.com'));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/webhook/lastlink?token=${TOKEN}`,
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      payload: JSON.stringify(payload),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Evento recebido.' });
  });

  it('refuses every delivery when no token is configured', async () => {
    const bare = await createTestApp({ LASTLINK_WEBHOOK_TOKEN: '' });
    try {
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/webhook/lastlink',
        headers: { 'content-type': 'application/json', 'x-lastlink-token': '' },
        payload: fixtureText('purchase-order-confirmed'),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Token do webhook inválido.');
    } finally {
      await bare.close();
    }
  });
});

describe('webhook payload validation', () => {
  it('answers 400 to malformed JSON, a missing Event or a non-object', async () => {
    const malformed = await deliver('{"Id": "x", "Event": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'JSON inválido.' });
    const noEvent = await deliver({ Id: crypto.randomUUID(), Data: {} });
    expect(noEvent.statusCode).toBe(400);
    expect(noEvent.json().message).toBe('Campo "Event" ausente no payload.');
    const array = await deliver([1, 2]);
    expect(array.statusCode).toBe(400);
    expect(array.json().message).toBe('Payload inválido: envie um objeto JSON.');
  });

  it('checks the token before reading the body', async () => {
    const res = await deliver('{not json', {});
    expect(res.statusCode).toBe(401);
  });

  it('keeps the global JSON error for other routes (400, not 500)', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Corpo da requisição não é um JSON válido.');
  });
});

describe('purchases', () => {
  it('records the purchase with the lower-cased e-mail, the raw JSON and the mapped plan', async () => {
    await t.db.insert(webhookProductMap).values({
      productId: '0b6f4f7e-2c4a-4b8e-8f7a-5d1c9e2a3b40',
      planType: 'mentoria-semestral',
    });
    const raw = fixtureText('purchase-order-confirmed');
    const res = await deliver(raw);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Evento recebido.' });

    const [purchase, ...more] = await purchasesOf('maria.souza@example.com');
    expect(more).toHaveLength(0);
    expect(purchase).toMatchObject({
      name: 'Maria Souza',
      phone: '+5511987654321',
      offerId: '7a8b9c0d-3333-4e5f-a1b2-c3d4e5f6a7b8',
      offerName: 'Mensal',
      productId: '0b6f4f7e-2c4a-4b8e-8f7a-5d1c9e2a3b40',
      productName: 'Clube Escala - Mentoria Mensal',
      planType: 'mentoria-semestral',
      eventId: '6f1c2a9e-3b7d-4c1e-9a52-1d0e8b7c4a10',
      canceledAt: null,
    });
    const [event] = await eventById('6f1c2a9e-3b7d-4c1e-9a52-1d0e8b7c4a10');
    expect(event).toMatchObject({
      eventType: 'Purchase_Order_Confirmed',
      buyerEmail: 'maria.souza@example.com',
      buyerName: 'Maria Souza',
      planType: 'mentoria-semestral',
      rawData: raw,
      isTest: false,
    });
    expect(event?.outcome).toContain('Compra confirmada (Mentoria Semestral)');
  });

  it('prefers a mapping for the delivery offer over one for any offer', async () => {
    await t.db.insert(webhookProductMap).values([
      { productId: 'prod-oferta', planType: 'mentoria-mensal' },
      { productId: 'prod-oferta', offerId: 'oferta-x', planType: 'gratuito' },
    ]);
    const payload = fixture('purchase-order-confirmed', (p) => {
      withBuyer('oferta@example.com')(p);
      p.Data.Products = [{ Id: 'prod-oferta', Name: 'P' }];
      p.Data.Offer = { Id: 'oferta-x', Name: 'X' };
    });
    expect((await deliver(payload)).statusCode).toBe(200);
    expect((await purchasesOf('oferta@example.com'))[0]?.planType).toBe('gratuito');
  });

  it('falls back to the offer id as product id, then to mentoria-mensal', async () => {
    await t.db.insert(webhookProductMap).values({ productId: 'oferta-como-produto', planType: 'gratuito' });
    const byOffer = fixture('purchase-order-confirmed', (p) => {
      withBuyer('por-oferta@example.com')(p);
      p.Data.Products = [{ Id: 'produto-sem-mapa' }];
      p.Data.Offer = { Id: 'oferta-como-produto' };
    });
    expect((await deliver(byOffer)).statusCode).toBe(200);
    expect((await purchasesOf('por-oferta@example.com'))[0]?.planType).toBe('gratuito');

    const unmapped = fixture('purchase-order-confirmed', (p) => {
      withBuyer('sem-mapa@example.com')(p);
      p.Data.Products = [{ Id: 'produto-desconhecido' }];
      p.Data.Offer = { Id: 'oferta-desconhecida' };
    });
    expect((await deliver(unmapped)).statusCode).toBe(200);
    expect((await purchasesOf('sem-mapa@example.com'))[0]?.planType).toBe('mentoria-mensal');
  });

  it('acts once on a repeated Id, also when two deliveries arrive at the same time', async () => {
    const payload = fixture('purchase-order-confirmed', withBuyer('repetido@example.com'));
    const first = await deliver(payload);
    expect(first.json()).toEqual({ message: 'Evento recebido.' });
    const again = await deliver(payload);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'Evento já processado.', duplicate: true });
    expect(await purchasesOf('repetido@example.com')).toHaveLength(1);

    const concurrent = fixture('purchase-order-confirmed', withBuyer('concorrente@example.com'));
    const results = await Promise.all([deliver(concurrent), deliver(concurrent), deliver(concurrent)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(results.filter((r) => r.json().duplicate === true)).toHaveLength(2);
    expect(await purchasesOf('concorrente@example.com')).toHaveLength(1);
    expect(await eventById(concurrent.Id)).toHaveLength(1);
  });

  it('matches event names case-insensitively', async () => {
    const payload = fixture('purchase-order-confirmed', (p) => {
      withBuyer('caixa@example.com')(p);
      p.Event = 'PURCHASE_ORDER_CONFIRMED';
    });
    expect((await deliver(payload)).statusCode).toBe(200);
    expect(await purchasesOf('caixa@example.com')).toHaveLength(1);
    expect((await eventById(payload.Id))[0]?.eventType).toBe('PURCHASE_ORDER_CONFIRMED');
  });

  it('a recurrent payment reactivates a cancelled member and sets the plan', async () => {
    const member = await createMember(t.db, { email: 'volta@example.com', status: 'Cancelado' });
    const before = member.statusChangedAt!.getTime();
    const payload = fixture('purchase-order-confirmed', (p) => {
      withBuyer('VOLTA@example.com')(p);
      p.Event = 'recurrent_payment';
      p.Data.Products = [{ Id: 'prod-semestral' }];
    });
    await t.db
      .insert(webhookProductMap)
      .values({ productId: 'prod-semestral', planType: 'mentoria-semestral' });
    expect((await deliver(payload)).statusCode).toBe(200);
    const after = await userById(member.id);
    expect(after.status).toBe('Ativo');
    expect(after.planType).toBe('Mentoria Semestral');
    expect(after.statusChangedAt!.getTime()).toBeGreaterThan(before);
    expect((await eventById(payload.Id))[0]?.outcome).toContain('usuário reativado');
  });
});

describe('cancellations', () => {
  const endings = [
    ['Subscription_Canceled', 'subscription-canceled'],
    ['Subscription_Expired', 'subscription-expired'],
    ['Payment_Refund', 'subscription-canceled'],
    ['payment_chargeback', 'subscription-canceled'],
  ] as const;

  for (const [event, file] of endings) {
    it(`${event} cancels the member, the purchase and every session`, async () => {
      const email = `fim-${event.toLowerCase()}@example.com`;
      await deliver(fixture('purchase-order-confirmed', withBuyer(email)));
      const member = await createMember(t.db, { email });
      const cookie = await signIn(t.db, member.id);
      expect(
        (await t.request({ method: 'GET', url: '/api/notifications', headers: { cookie } })).statusCode,
      ).toBe(200);

      const payload = fixture(file, (p) => {
        withBuyer(email.toUpperCase())(p);
        p.Event = event;
      });
      const res = await deliver(payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Evento recebido.' });

      const after = await userById(member.id);
      expect(after.status).toBe('Cancelado');
      expect(after.statusChangedAt).not.toBeNull();
      const purchases = await purchasesOf(email);
      expect(purchases.every((p) => p.canceledAt !== null)).toBe(true);
      const again = await t.request({ method: 'GET', url: '/api/notifications', headers: { cookie } });
      expect(again.statusCode).toBe(401);
    });
  }

  it('never cancels the administrator', async () => {
    const admin = await createAdmin(t.db);
    const cookie = await signIn(t.db, admin.id);
    const res = await deliver(fixture('subscription-canceled', withBuyer(admin.email)));
    expect(res.statusCode).toBe(200);
    expect((await userById(admin.id)).status).toBe('Ativo');
    const still = await t.request({ method: 'GET', url: '/api/notifications', headers: { cookie } });
    expect(still.statusCode).toBe(200);
  });
});

describe('other events', () => {
  it('stores unknown and not-acted-on events and answers 200', async () => {
    const member = await createMember(t.db, { email: 'carrinho@example.com' });
    for (const event of ['Abandoned_Cart', 'Evento_Que_Nao_Existe']) {
      const payload = fixture('purchase-order-confirmed', (p) => {
        withBuyer('carrinho@example.com')(p);
        p.Event = event;
      });
      const res = await deliver(payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Evento recebido.' });
      const [stored] = await eventById(payload.Id);
      expect(stored).toMatchObject({
        eventType: event,
        outcome: 'Evento registrado; nenhuma ação necessária.',
      });
    }
    expect(await purchasesOf('carrinho@example.com')).toHaveLength(0);
    expect((await userById(member.id)).status).toBe('Ativo');
  });
});
