import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedPurchases } from '../../db/schema/index';
import { createAdmin, createMember, signIn } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

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

  it('is for signed-in members only', async () => {
    expect((await t.request({ method: 'GET', url: '/api/user/membership' })).statusCode).toBe(401);
  });
});
