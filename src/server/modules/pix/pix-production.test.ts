import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PixCharge } from '../../../shared/schemas/pix';
import { balanceLedger, pixCharges } from '../../db/schema/index';
import { createAdmin, createMember, signIn } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { newTxId, PIX_TOP_UP_OFF } from './pix.service';
import { FAKE_WOOVI_APP_ID, ledgerState, startFakeWoovi, validChargeBody } from './pix.test-support';

/**
 * Production mode (CLUB_ENV=production): no PIX_PROVIDER means no top-up at all; an explicit PIX_PROVIDER=sandbox
 * still works, but each simulated credit is marked in the ledger and told to the administrator.
 */
let woovi: Awaited<ReturnType<typeof startFakeWoovi>>;
let off: TestApp;
let sandbox: TestApp;
beforeAll(async () => {
  woovi = await startFakeWoovi();
  [off, sandbox] = await Promise.all([
    // Woovi's credentials are set, but PIX_PROVIDER is not: in production that is 'off'.
    createTestApp({ CLUB_ENV: 'production', WOOVI_APP_ID: FAKE_WOOVI_APP_ID, WOOVI_API_URL: woovi.origin }),
    createTestApp({ CLUB_ENV: 'production', PIX_PROVIDER: 'sandbox' }),
  ]);
});
afterAll(async () => {
  await Promise.all([off?.close(), sandbox?.close()]);
  await woovi?.close();
});

async function member(t: TestApp) {
  const user = await createMember(t.db, { name: 'Rafael Prado', email: `rafael-${newTxId()}@example.com` });
  return { user, cookie: await signIn(t.db, user.id) };
}
const post = (t: TestApp, cookie: string, url: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url, payload, headers: { cookie } });
const balanceOf = async (t: TestApp, cookie: string) =>
  (await t.request({ method: 'GET', url: '/api/user/balance', headers: { cookie } })).json();

/** A charge row as the club wrote it before (the demo's sandbox, or Woovi), for the member. */
async function storedCharge(t: TestApp, userId: string, provider: 'sandbox' | 'woovi') {
  const txId = newTxId();
  await t.db.insert(pixCharges).values({
    userId,
    provider,
    txId,
    providerChargeId: provider === 'woovi' ? `woovi-${txId}` : null,
    amountCents: 50000,
    name: 'Rafael Prado',
    document: '52998224725',
    email: 'rafael@example.com',
    brCode: '000201',
    expiresAt: new Date(Date.now() + 3600_000),
  });
  return txId;
}

describe('production without PIX_PROVIDER: the top-up is off', () => {
  it('says so in the balance answer the screens read', async () => {
    expect(off.config.PIX_PROVIDER).toBe('off');
    const { cookie } = await member(off);
    expect(await balanceOf(off, cookie)).toEqual({ balance: 0, pixTopUp: 'off' });
  });

  it('refuses a charge with 409 and the Portuguese message: no charge, no ledger row, balance unchanged', async () => {
    const { user, cookie } = await member(off);
    const before = await ledgerState(off.db, user.id);
    const res = await post(off, cookie, '/api/pix/charge', validChargeBody({ amount: 500 }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: PIX_TOP_UP_OFF });
    expect(await off.db.select().from(pixCharges).where(eq(pixCharges.userId, user.id))).toEqual([]);
    expect(woovi.charges.size).toBe(0);
    expect(await ledgerState(off.db, user.id)).toEqual(before);
  });

  it('refuses to confirm a sandbox charge made before (409), leaving it unpaid and the balance as it was', async () => {
    const { user, cookie } = await member(off);
    const txId = await storedCharge(off, user.id, 'sandbox');
    const before = await ledgerState(off.db, user.id);
    const res = await post(off, cookie, '/api/pix/confirm', { txId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: PIX_TOP_UP_OFF });
    const [row] = await off.db.select().from(pixCharges).where(eq(pixCharges.txId, txId));
    expect(row).toMatchObject({ status: 'pending', ledgerEntryId: null });
    expect(await ledgerState(off.db, user.id)).toEqual(before);
    // An unknown charge gets the same answer.
    expect((await post(off, cookie, '/api/pix/confirm', { txId: newTxId() })).json()).toEqual({
      message: PIX_TOP_UP_OFF,
    });
  });

  it('still credits a real payment already made at Woovi (the member paid it)', async () => {
    const { user, cookie } = await member(off);
    const txId = await storedCharge(off, user.id, 'woovi');
    woovi.charges.set(txId, {
      correlationID: txId,
      value: 50000,
      status: 'COMPLETED',
      transactionID: `woovi-${txId}`,
      brCode: '000201',
      customer: null,
    });
    const res = await post(off, cookie, '/api/pix/confirm', { txId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ amount: 500, balance: 500 });
    const [entry] = await off.db.select().from(balanceLedger).where(eq(balanceLedger.userId, user.id));
    expect(entry).toMatchObject({ reason: 'pix_deposit', amountCents: 50000, simulated: false });
  });
});

describe('production with an explicit PIX_PROVIDER=sandbox', () => {
  it('credits the top-up, marks the ledger row simulated and tells the administrator who got how much', async () => {
    const admin = await createAdmin(sandbox.db);
    const adminCookie = await signIn(sandbox.db, admin.id);
    const { user, cookie } = await member(sandbox);
    expect(await balanceOf(sandbox, cookie)).toEqual({ balance: 0, pixTopUp: 'sandbox' });

    const created = (
      await post(sandbox, cookie, '/api/pix/charge', validChargeBody({ amount: '500,00' }))
    ).json() as PixCharge;
    expect(created.provider).toBe('sandbox');
    const res = await post(sandbox, cookie, '/api/pix/confirm', { txId: created.txId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ amount: 500, balance: 500 });
    // A replay credits nothing and tells nobody again.
    expect((await post(sandbox, cookie, '/api/pix/confirm', { txId: created.txId })).statusCode).toBe(200);

    const rows = await sandbox.db.select().from(balanceLedger).where(eq(balanceLedger.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: 'pix_deposit', amountCents: 50000, simulated: true });

    // The member's ledger on /perfil says so.
    const ledger = await sandbox.request({ method: 'GET', url: '/api/user/ledger', headers: { cookie } });
    expect(ledger.json().entries).toEqual([
      expect.objectContaining({ reason: 'Recarga PIX (simulada)', kind: 'pix_deposit', amount: 500 }),
    ]);

    // The administrator's bell: one notice for this credit, naming the member and the amount.
    const bell = await sandbox.request({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie: adminCookie },
    });
    const notices = (bell.json() as Array<{ title: string; description: string }>).filter(
      (n) => n.title === 'Recarga PIX simulada',
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]?.description).toContain(`Rafael Prado (${user.email})`);
    expect(notices[0]?.description).toContain('R$\u00a0500,00');
    expect(notices[0]?.description).toContain('sem pagamento real');
  });
});
