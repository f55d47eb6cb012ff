import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedPurchases, users } from '../../db/schema/index';
import { projectRoot } from '../../lib/paths';
import { createAdmin, createMember, signIn } from '../../testing/factories';
import { createTestApp, deliverLastlink, type TestApp } from '../../testing/test-app';

const FIXTURE = path.resolve(
  projectRoot,
  'src/server/testing/fixtures/lastlink/purchase-order-confirmed.json',
);
type Payload = { Id: string; Data: Record<string, Record<string, unknown> | Array<Record<string, unknown>>> };

/** A purchase of one product by one e-mail, with a fresh Id. */
function purchase(email: string, product: { Id: string; Name: string }, nextBilling?: string): Payload {
  const payload = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Payload;
  payload.Id = crypto.randomUUID();
  (payload.Data.Buyer as Record<string, unknown>).Email = email;
  payload.Data.Products = [{ ...product, Price: 997 }];
  (payload.Data.Purchase as Record<string, unknown>).NextBilling = nextBilling ?? null;
  return payload;
}

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.db, (await createAdmin(t.db)).id);
});
afterAll(() => t.close());

const deliver = (payload: unknown) => deliverLastlink(t, payload);
const adminGet = async (url: string) =>
  (await t.request({ method: 'GET', url, headers: { cookie: admin } })).json();
type HistoryRow = {
  productId: string | null;
  productName: string | null;
  planMapped: boolean | null;
  planType: string;
};

describe('a purchase of a product nobody mapped', () => {
  it('is flagged in the history with its product, reaches the admin’s bell and gets the default plan', async () => {
    const anual = { Id: 'prod-anual-123', Name: 'Clube Escala - Plano Anual' };
    const member = await createMember(t.db, { email: 'anual@example.com', planType: 'Mentoria Mensal' });
    expect((await deliver(purchase('anual@example.com', anual))).statusCode).toBe(200);

    const [row] = (await adminGet('/api/admin/webhook-events')) as HistoryRow[];
    expect(row).toMatchObject({
      productId: 'prod-anual-123',
      productName: 'Clube Escala - Plano Anual',
      planMapped: false,
      planType: 'mentoria-mensal',
    });
    const bell = (await adminGet('/api/notifications')) as Array<{
      title: string;
      description: string;
      link: string;
    }>;
    expect(bell[0]).toMatchObject({ title: 'Compra de produto sem mapeamento', link: '/admin?tab=webhooks' });
    expect(bell[0]!.description).toContain('prod-anual-123');
    expect(bell[0]!.description).toContain('Clube Escala - Plano Anual');
    expect(bell[0]!.description).toContain('anual@example.com');
    expect(bell[0]!.description).toContain('Mentoria Mensal');
    // Only the administrator hears of it.
    const memberCookie = await signIn(t.db, member.id);
    const memberBell = await t.request({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie: memberCookie },
    });
    expect((memberBell.json() as Array<{ title: string }>).map((n) => n.title)).not.toContain(
      'Compra de produto sem mapeamento',
    );
  });

  it('a purchase naming no product nor offer is flagged with the plan it got; a cancellation is not', async () => {
    const bare = purchase('sem-produto@example.com', { Id: 'x', Name: 'x' });
    delete (bare.Data as Record<string, unknown>).Products;
    delete (bare.Data as Record<string, unknown>).Offer;
    expect((await deliver(bare)).statusCode).toBe(200);
    const [row] = (await adminGet('/api/admin/webhook-events')) as HistoryRow[];
    expect(row).toMatchObject({
      productId: null,
      productName: null,
      planMapped: false,
      planType: 'mentoria-mensal',
    });
    const [bell] = (await adminGet('/api/notifications')) as Array<{ description: string }>;
    expect(bell!.description).toContain('uma compra sem produto nem oferta informados');
    expect(bell!.description).toContain('sem-produto@example.com');
    await deliver({
      Id: crypto.randomUUID(),
      Event: 'Subscription_Canceled',
      Data: { Buyer: { Email: 'sem-produto@example.com' } },
    });
    const [cancel] = (await adminGet('/api/admin/webhook-events')) as HistoryRow[];
    expect(cancel).toMatchObject({ planMapped: null, planType: null });
  });

  it('a mapped product is not flagged and raises nothing', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/admin/webhook-mappings',
      headers: { cookie: admin },
      payload: { productId: 'prod-mensal', planType: 'mentoria-mensal' },
    });
    expect(created.statusCode).toBe(201);
    const before = ((await adminGet('/api/notifications')) as unknown[]).length;
    await deliver(purchase('mapeado@example.com', { Id: 'prod-mensal', Name: 'Mensal' }));
    const [row] = (await adminGet('/api/admin/webhook-events')) as HistoryRow[];
    expect(row).toMatchObject({ productId: 'prod-mensal', planMapped: true });
    expect(((await adminGet('/api/notifications')) as unknown[]).length).toBe(before);
  });

  it('mapping the product afterwards moves its defaulted purchases and their members to the mapped plan', async () => {
    const semestral = { Id: 'prod-semestral-9', Name: 'Mentoria Semestral Black' };
    const ana = await createMember(t.db, { email: 'ana.sem@example.com', planType: 'Mentoria Mensal' });
    await deliver(purchase('ana.sem@example.com', semestral));
    await deliver(purchase('bia.sem@example.com', semestral)); // bought, no account yet
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/webhook-mappings',
      headers: { cookie: admin },
      payload: { productId: 'prod-semestral-9', planType: 'mentoria-semestral' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().updatedPurchases).toBe(2);
    const [anaRow] = await t.db.select().from(users).where(eq(users.id, ana.id));
    expect(anaRow!.planType).toBe('Mentoria Semestral');
    const bia = await t.db
      .select()
      .from(confirmedPurchases)
      .where(eq(confirmedPurchases.email, 'bia.sem@example.com'));
    expect(bia[0]!.planType).toBe('mentoria-semestral');
    // Another product's purchases are untouched.
    const anual = await t.db
      .select()
      .from(confirmedPurchases)
      .where(eq(confirmedPurchases.email, 'anual@example.com'));
    expect(anual[0]!.planType).toBe('mentoria-mensal');
  });

  it('keeps the announced next charge for the member’s profile, and ignores one it cannot read', async () => {
    await deliver(
      purchase('renova@example.com', { Id: 'prod-mensal', Name: 'Mensal' }, '2026-12-20T14:03:09.000Z'),
    );
    await deliver(purchase('lixo@example.com', { Id: 'prod-mensal', Name: 'Mensal' }, 'amanhã'));
    const [renova] = await t.db
      .select()
      .from(confirmedPurchases)
      .where(eq(confirmedPurchases.email, 'renova@example.com'));
    expect(renova!.nextBillingAt?.toISOString()).toBe('2026-12-20T14:03:09.000Z');
    const [lixo] = await t.db
      .select()
      .from(confirmedPurchases)
      .where(eq(confirmedPurchases.email, 'lixo@example.com'));
    expect(lixo!.nextBillingAt).toBeNull();
  });
});
