import { eq } from 'drizzle-orm';
import { hasError, parsePix } from 'pix-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PIX_AMOUNT_DECIMALS,
  PIX_AMOUNT_INVALID,
  PIX_AMOUNT_MAX,
  PIX_AMOUNT_MIN,
  PIX_CPF_EXACT,
  PIX_CPF_INVALID,
  PIX_CPF_MIN,
  PIX_EMAIL_INVALID,
  PIX_NAME_REQUIRED,
  type PixCharge,
} from '../../../shared/schemas/pix';
import { balanceLedger, pixCharges } from '../../db/schema/index';
import { createAdmin, createMember, signIn } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildBrCode, crc16Ccitt } from './br-code';
import { PIX_CHARGE_EXPIRED, PIX_CHARGE_NOT_FOUND } from './pix.service';
import { ledgerState as ledgerStateOf, parseBrCode, readQrCode, validChargeBody } from './pix.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    // Named explicitly: in the demo even an explicit sandbox credits as it always did (no mark, no notice).
    PIX_PROVIDER: 'sandbox',
    PIX_KEY: 'pix-teste@clubeescala.invalid',
    PIX_MERCHANT_NAME: 'Clube Escala Ltda. São',
  });
});
afterAll(() => t.close());

async function member() {
  const user = await createMember(t.db, { name: 'Maria Teste' });
  return { user, cookie: await signIn(t.db, user.id) };
}

const charge = (cookie: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/pix/charge', payload, headers: { cookie } });
const confirm = (cookie: string, txId: unknown) =>
  t.request({ method: 'POST', url: '/api/pix/confirm', payload: { txId }, headers: { cookie } });

const validCharge = validChargeBody;
const ledgerState = (userId: string) => ledgerStateOf(t.db, userId);

describe('BR Code', () => {
  it('computes CRC16-CCITT (0xFFFF) as the standard check value', () => {
    expect(crc16Ccitt('123456789')).toBe('29B1');
  });

  it('builds codes that pix-utils parses, with the key, amount, txid and a valid CRC', () => {
    for (const amountCents of [5000, 5001, 123456, 1_000_000]) {
      const code = buildBrCode({
        key: 'pix-teste@clubeescala.invalid',
        amountCents,
        merchantName: 'Clube Escala Comércio de Serviços Digitais',
        merchantCity: 'São José dos Campos',
        txId: 'ABCdef0123456789xyzXYZ012',
        description: 'Recarga',
      });
      const parsed = parseBrCode(code);
      expect(parsed.pixKey).toBe('pix-teste@clubeescala.invalid');
      expect(parsed.transactionAmount).toBe(amountCents / 100);
      expect(parsed.txid).toBe('ABCdef0123456789xyzXYZ012');
      expect(parsed.merchantName.length).toBeLessThanOrEqual(25);
      expect(parsed.merchantCity).toBe('Sao Jose dos Ca');
      expect(parsed.countryCode).toBe('BR');
      expect(parsed.transactionCurrency).toBe('986');
      // A changed character breaks the CRC.
      expect(hasError(parsePix(code.replace('br.gov.bcb.pix', 'br.gov.bcb.piy')))).toBe(true);
    }
  });

  it('refuses a txid a BR Code cannot carry', () => {
    const base = { key: 'k@example.com', amountCents: 5000, merchantName: 'A', merchantCity: 'B' };
    expect(() => buildBrCode({ ...base, txId: 'com-hífen' })).toThrow();
    expect(() => buildBrCode({ ...base, txId: 'A'.repeat(26) })).toThrow();
  });
});

describe('POST /api/pix/charge', () => {
  it('refuses anonymous callers', async () => {
    expect(
      (await t.request({ method: 'POST', url: '/api/pix/charge', payload: validCharge() })).statusCode,
    ).toBe(401);
    expect(
      (await t.request({ method: 'POST', url: '/api/pix/confirm', payload: { txId: 'x' } })).statusCode,
    ).toBe(401);
  });

  it('answers the spec messages for each invalid field (400), creating nothing', async () => {
    const { user, cookie } = await member();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amount: 49.99 }, PIX_AMOUNT_MIN],
      [{ amount: 0 }, PIX_AMOUNT_MIN],
      [{ amount: -100 }, PIX_AMOUNT_MIN],
      [{ amount: '' }, PIX_AMOUNT_MIN],
      [{ amount: undefined }, PIX_AMOUNT_MIN],
      [{ amount: '49,99' }, PIX_AMOUNT_MIN],
      [{ amount: 50.001 }, PIX_AMOUNT_DECIMALS],
      [{ amount: '50,001' }, PIX_AMOUNT_DECIMALS],
      [{ amount: '1,234.56' }, PIX_AMOUNT_INVALID],
      [{ amount: '-100' }, PIX_AMOUNT_MIN],
      [{ amount: 'cinquenta' }, PIX_AMOUNT_INVALID],
      [{ amount: 10_000.01 }, PIX_AMOUNT_MAX],
      [{ amount: 1e300 }, PIX_AMOUNT_MAX],
      [{ name: '' }, PIX_NAME_REQUIRED],
      [{ name: '   ' }, PIX_NAME_REQUIRED],
      [{ name: undefined }, PIX_NAME_REQUIRED],
      [{ document: '' }, PIX_CPF_MIN],
      [{ document: undefined }, PIX_CPF_MIN],
      [{ document: '529.982.247-2' }, PIX_CPF_MIN],
      [{ document: 'abc' }, PIX_CPF_MIN],
      [{ document: '529.982.247-251' }, PIX_CPF_EXACT],
      [{ document: '111.111.111-11' }, PIX_CPF_INVALID],
      [{ document: '529.982.247-24' }, PIX_CPF_INVALID],
      [{ email: '' }, PIX_EMAIL_INVALID],
      [{ email: 'maria@' }, PIX_EMAIL_INVALID],
      [{ email: undefined }, PIX_EMAIL_INVALID],
    ];
    for (const [over, message] of cases) {
      const res = await charge(cookie, validCharge(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message, JSON.stringify(over)).toBe(message);
    }
    const rows = await t.db.select().from(pixCharges).where(eq(pixCharges.userId, user.id));
    expect(rows).toEqual([]);
  });

  it('creates a sandbox charge: BR Code parsed by pix-utils, QR image, digits-only CPF, nothing credited', async () => {
    const { user, cookie } = await member();
    const res = await charge(cookie, validCharge({ amount: '1.234,56', email: ' Maria@Example.com ' }));
    expect(res.statusCode).toBe(201);
    const body = res.json() as PixCharge;
    expect(body.provider).toBe('sandbox');
    expect(body.amount).toBe(1234.56);
    expect(body.txId).toMatch(/^[A-Za-z0-9]{25}$/);
    expect(body.qrCodeImageUrl).toMatch(/^data:image\/png;base64,/);
    // The image is a QR code a banking app reads back as the same BR Code.
    expect(await readQrCode(body.qrCodeImageUrl)).toBe(body.qrcode);
    const parsed = parseBrCode(body.qrcode);
    expect(parsed.pixKey).toBe('pix-teste@clubeescala.invalid');
    expect(parsed.transactionAmount).toBe(1234.56);
    expect(parsed.txid).toBe(body.txId);
    expect(parsed.merchantName).toBe('Clube Escala Ltda. Sao');

    const [row] = await t.db.select().from(pixCharges).where(eq(pixCharges.txId, body.txId));
    expect(row).toMatchObject({
      userId: user.id,
      provider: 'sandbox',
      amountCents: 123456,
      document: '52998224725',
      email: 'maria@example.com',
      status: 'pending',
      brCode: body.qrcode,
    });
    expect(await ledgerState(user.id)).toEqual({ balance: 0, ledgerSum: 0, rows: 0 });
  });

  it('every charge has its own txid and a BR Code with a valid CRC', async () => {
    const { cookie } = await member();
    const ids = new Set<string>();
    for (const amount of [50, 75.5, 199.99]) {
      const body = (await charge(cookie, validCharge({ amount }))).json() as PixCharge;
      expect(parseBrCode(body.qrcode).transactionAmount).toBe(amount);
      ids.add(body.txId);
    }
    expect(ids.size).toBe(3);
  });
});

describe('POST /api/pix/confirm (sandbox)', () => {
  it('credits the charge amount once, with a ledger row, and answers it', async () => {
    const { user, cookie } = await member();
    const created = (await charge(cookie, validCharge({ amount: 80.5 }))).json() as PixCharge;
    const res = await confirm(cookie, created.txId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ amount: 80.5, balance: 80.5 });
    expect(await ledgerState(user.id)).toEqual({ balance: 8050, ledgerSum: 8050, rows: 1 });
    const [row] = await t.db.select().from(pixCharges).where(eq(pixCharges.txId, created.txId));
    expect(row?.status).toBe('paid');
    expect(row?.paidAt).toBeInstanceOf(Date);
    const [entry] = await t.db.select().from(balanceLedger).where(eq(balanceLedger.userId, user.id));
    expect(entry).toMatchObject({
      id: row?.ledgerEntryId,
      reason: 'pix_deposit',
      amountCents: 8050,
      balanceAfterCents: 8050,
    });

    // The session user (GET /api/auth/user) shows the new balance at once.
    const me = await t.request({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.json().balance).toBe(80.5);
    const balance = await t.request({ method: 'GET', url: '/api/user/balance', headers: { cookie } });
    expect(balance.json()).toEqual({ balance: 80.5, pixTopUp: 'sandbox' });
  });

  it('in the demo the sandbox credit is as it always was: no mark, no notice to the administrator', async () => {
    expect(t.config.PRODUCTION).toBe(false);
    const admin = await createAdmin(t.db);
    const adminCookie = await signIn(t.db, admin.id);
    const { user, cookie } = await member();
    const created = (await charge(cookie, validCharge({ amount: 500 }))).json() as PixCharge;
    expect((await confirm(cookie, created.txId)).statusCode).toBe(200);
    const [entry] = await t.db.select().from(balanceLedger).where(eq(balanceLedger.userId, user.id));
    expect(entry).toMatchObject({ reason: 'pix_deposit', amountCents: 50000, simulated: false });
    const ledger = await t.request({ method: 'GET', url: '/api/user/ledger', headers: { cookie } });
    expect(ledger.json().entries[0]).toMatchObject({ reason: 'Recarga PIX', kind: 'pix_deposit' });
    const bell = await t.request({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie: adminCookie },
    });
    expect(bell.json()).toEqual([]);
  });

  it('a replayed confirmation answers the amount again and credits nothing more', async () => {
    const { user, cookie } = await member();
    const created = (await charge(cookie, validCharge())).json() as PixCharge;
    expect((await confirm(cookie, created.txId)).json()).toEqual({ amount: 50, balance: 50 });
    const again = await confirm(cookie, created.txId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ amount: 50, balance: 50 });
    expect(await ledgerState(user.id)).toEqual({ balance: 5000, ledgerSum: 5000, rows: 1 });
  });

  it('parallel confirmations of one charge credit it exactly once', async () => {
    const { user, cookie } = await member();
    const created = (await charge(cookie, validCharge({ amount: 60 }))).json() as PixCharge;
    const answers = await Promise.all(Array.from({ length: 8 }, () => confirm(cookie, created.txId)));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json().amount).toBe(60);
    }
    expect(await ledgerState(user.id)).toEqual({ balance: 6000, ledgerSum: 6000, rows: 1 });
  });

  it("another member's charge, and an unknown one, are 404 and credit nothing", async () => {
    const owner = await member();
    const other = await member();
    const created = (await charge(owner.cookie, validCharge())).json() as PixCharge;
    const res = await confirm(other.cookie, created.txId);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(PIX_CHARGE_NOT_FOUND);
    expect((await confirm(other.cookie, 'naoexiste')).statusCode).toBe(404);
    expect((await confirm(other.cookie, '')).statusCode).toBe(400);
    expect(await ledgerState(other.user.id)).toEqual({ balance: 0, ledgerSum: 0, rows: 0 });
    expect(await ledgerState(owner.user.id)).toEqual({ balance: 0, ledgerSum: 0, rows: 0 });
    const [row] = await t.db.select().from(pixCharges).where(eq(pixCharges.txId, created.txId));
    expect(row?.status).toBe('pending');
  });

  it('an expired sandbox charge is refused (409) and marked expired', async () => {
    const { user, cookie } = await member();
    const created = (await charge(cookie, validCharge())).json() as PixCharge;
    await t.db
      .update(pixCharges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pixCharges.txId, created.txId));
    const res = await confirm(cookie, created.txId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PIX_CHARGE_EXPIRED);
    const [row] = await t.db.select().from(pixCharges).where(eq(pixCharges.txId, created.txId));
    expect(row?.status).toBe('expired');
    expect(await ledgerState(user.id)).toEqual({ balance: 0, ledgerSum: 0, rows: 0 });
  });

  it('the database refuses a second PIX ledger row for one charge', async () => {
    const { user, cookie } = await member();
    const created = (await charge(cookie, validCharge())).json() as PixCharge;
    await confirm(cookie, created.txId);
    const [row] = await t.db.select().from(pixCharges).where(eq(pixCharges.txId, created.txId));
    await expect(
      t.db.insert(balanceLedger).values({
        userId: user.id,
        amountCents: 5000,
        balanceAfterCents: 10000,
        reason: 'pix_deposit',
        reference: `pix_charge:${row?.id}`,
      }),
    ).rejects.toThrow();
  });
});
