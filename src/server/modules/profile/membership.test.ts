import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedPurchases, users } from '../../db/schema/index';
import { createAdmin, createMember, signIn } from '../../testing/factories';
import { createTestApp, deliverLastlink, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const membershipOf = async (cookie: string) =>
  t.request({ method: 'GET', url: '/api/user/membership', headers: { cookie } });

describe('GET /api/user/membership', () => {
  it('reads the plan, the first valid purchase, the last payment and the announced next charge', async () => {
    const member = await createMember(t.db, { email: 'plano@example.com', planType: 'Mentoria Semestral' });
    const future = new Date(Date.now() + 40 * 86_400_000);
    await t.db.insert(confirmedPurchases).values([
      // Cancelled earlier purchase: not part of the current membership.
      {
        email: 'plano@example.com',
        planType: 'mentoria-mensal',
        receivedAt: new Date('2025-01-10T12:00:00Z'),
        canceledAt: new Date('2025-03-01T12:00:00Z'),
      },
      {
        email: 'plano@example.com',
        planType: 'mentoria-semestral',
        receivedAt: new Date('2026-05-02T12:00:00Z'),
      },
      {
        email: 'plano@example.com',
        planType: 'mentoria-semestral',
        receivedAt: new Date('2026-11-02T12:00:00Z'),
        nextBillingAt: future,
      },
    ]);
    const res = await membershipOf(await signIn(t.db, member.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      planName: 'Mentoria Semestral',
      isAdmin: false,
      since: '2026-05-02T12:00:00.000Z',
      lastPaymentAt: '2026-11-02T12:00:00.000Z',
      renewsAt: future.toISOString(),
      canceledAt: null,
      endedBy: null,
      points: 0,
    });
  });

  it('says nothing of a next charge that is already past, and falls back to the account date without purchases', async () => {
    const member = await createMember(t.db, { email: 'antigo@example.com' });
    await t.db.insert(confirmedPurchases).values({
      email: 'antigo@example.com',
      planType: 'mentoria-mensal',
      receivedAt: new Date('2026-01-02T12:00:00Z'),
      nextBillingAt: new Date('2026-02-02T12:00:00Z'),
    });
    expect((await membershipOf(await signIn(t.db, member.id))).json()).toMatchObject({
      planName: 'Mentoria Mensal',
      renewsAt: null,
      lastPaymentAt: '2026-01-02T12:00:00.000Z',
    });
    const admin = await createAdmin(t.db);
    const body = (await membershipOf(await signIn(t.db, admin.id))).json();
    expect(body).toMatchObject({ isAdmin: true, lastPaymentAt: null, renewsAt: null });
    expect(body.since).toBe(admin.createdAt.toISOString());
  });

  it('gives the date and kind of the checkout event that ended the purchases, as the metrics date it', async () => {
    const member = await createMember(t.db, { email: 'cancelou@example.com' });
    const deliver = (payload: unknown) => deliverLastlink(t, payload);
    const buyer = { Email: 'cancelou@example.com', Name: 'Cancelou' };
    const paid = { Id: 'pay-cancelou', Event: 'Purchase_Order_Confirmed', IsTest: false };
    expect(
      (
        await deliver({
          ...paid,
          CreatedAt: '2026-03-01T12:00:00Z',
          Data: { Buyer: buyer, Purchase: { PaymentDate: '2026-03-01T12:00:00Z' } },
        })
      ).statusCode,
    ).toBe(200);
    const signedIn = await signIn(t.db, member.id);
    expect((await membershipOf(signedIn)).json()).toMatchObject({ canceledAt: null, endedBy: null });
    // Cancelled on Lastlink on 10/04 (CanceledDate), delivered later (CreatedAt 12/04).
    expect(
      (
        await deliver({
          Id: 'cancel-cancelou',
          Event: 'Subscription_Canceled',
          IsTest: false,
          CreatedAt: '2026-04-12T09:00:00Z',
          Data: { Buyer: buyer, Subscriptions: [{ Id: 'sub-1', CanceledDate: '2026-04-10T18:30:00Z' }] },
        })
      ).statusCode,
    ).toBe(200);
    // The cancellation ended the account; the administrator reactivates it, the purchase stays ended.
    await t.db.update(users).set({ status: 'Ativo' }).where(eq(users.id, member.id));
    const after = (await membershipOf(await signIn(t.db, member.id))).json();
    expect(after).toMatchObject({
      canceledAt: '2026-04-10T18:30:00.000Z',
      endedBy: 'subscription_canceled',
      renewsAt: null,
      lastPaymentAt: null,
    });
    // A new purchase opens the membership again: no cancellation shown.
    await deliver({
      Id: 'pay-cancelou-2',
      Event: 'Purchase_Order_Confirmed',
      IsTest: false,
      Data: { Buyer: buyer, Purchase: { PaymentDate: '2026-05-01T12:00:00Z' } },
    });
    expect((await membershipOf(await signIn(t.db, member.id))).json()).toMatchObject({
      canceledAt: null,
      endedBy: null,
    });
  });

  it('falls back to when the club ended the purchases when no checkout fact dates it', async () => {
    const member = await createMember(t.db, { email: 'sem-fato@example.com' });
    await t.db.insert(confirmedPurchases).values({
      email: 'sem-fato@example.com',
      planType: 'mentoria-mensal',
      receivedAt: new Date('2026-01-02T12:00:00Z'),
      canceledAt: new Date('2026-02-03T12:00:00Z'),
    });
    expect((await membershipOf(await signIn(t.db, member.id))).json()).toMatchObject({
      canceledAt: '2026-02-03T12:00:00.000Z',
      endedBy: null,
    });
  });

  it('is for signed-in members only', async () => {
    expect((await t.request({ method: 'GET', url: '/api/user/membership' })).statusCode).toBe(401);
  });
});
