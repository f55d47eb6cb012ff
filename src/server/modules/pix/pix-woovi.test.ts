import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIX_NOT_PAID, type PixCharge } from '../../../shared/schemas/pix';
import { pixCharges } from '../../db/schema/index';
import { createMember, signIn } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { PIX_WEBHOOK_PATH } from './pix.routes';
import { PIX_CHARGE_EXPIRED, PIX_SANDBOX_CHARGE_CLOSED } from './pix.service';
import {
  FAKE_WOOVI_APP_ID,
  ledgerState as ledgerStateOf,
  parseBrCode,
  startFakeWoovi,
  VALID_CPF,
  validChargeBody,
  webhookKeys,
} from './pix.test-support';
import { PIX_PROVIDER_UNAVAILABLE } from './pix-woovi.provider';

const HMAC_SECRET = 'segredo-do-webhook';
const keys = webhookKeys();
let woovi: Awaited<ReturnType<typeof startFakeWoovi>>;
let t: TestApp;
beforeAll(async () => {
  woovi = await startFakeWoovi();
  t = await createTestApp({
    PIX_PROVIDER: 'woovi',
    WOOVI_APP_ID: FAKE_WOOVI_APP_ID,
    WOOVI_API_URL: woovi.origin,
    WOOVI_WEBHOOK_PUBLIC_KEY: keys.publicKeyBase64,
    WOOVI_WEBHOOK_SECRET: HMAC_SECRET,
  });
});
afterAll(async () => {
  await t.close();
  await woovi.close();
});

const ledgerState = (userId: string) => ledgerStateOf(t.db, userId);

async function member() {
  const user = await createMember(t.db);
  return { user, cookie: await signIn(t.db, user.id) };
}

const charge = (cookie: string, over: Record<string, unknown> = {}) =>
  t.request({ method: 'POST', url: '/api/pix/charge', payload: validChargeBody(over), headers: { cookie } });
const confirm = (cookie: string, txId: string) =>
  t.request({ method: 'POST', url: '/api/pix/confirm', payload: { txId }, headers: { cookie } });

/** A webhook as Woovi sends it: no session, no Origin; signed unless told otherwise. */
function webhook(body: unknown, headers: Record<string, string> | 'sign' = 'sign') {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: PIX_WEBHOOK_PATH,
    payload: raw,
    headers: {
      'content-type': 'application/json',
      ...(headers === 'sign' ? { 'x-webhook-signature': keys.sign(raw) } : headers),
    },
  });
}

const completedEvent = (correlationID: string, value = 5000) => ({
  event: 'OPENPIX:CHARGE_COMPLETED',
  charge: { correlationID, status: 'COMPLETED', value },
  pix: { value, endToEndId: 'E000000002025' },
});

describe('Woovi provider', () => {
  it('creates the charge at Woovi with correlationID, cents and customer; the BR Code is Woovi’s', async () => {
    const { user, cookie } = await member();
    const res = await charge(cookie, { amount: '75,25' });
    expect(res.statusCode).toBe(201);
    const body = res.json() as PixCharge;
    expect(body.provider).toBe('woovi');
    const sent = woovi.charges.get(body.txId);
    expect(sent).toMatchObject({
      value: 7525,
      customer: { name: 'Maria Teste', taxID: VALID_CPF.replace(/\D/g, ''), email: 'maria@example.com' },
    });
    expect(body.qrcode).toBe(sent?.brCode);
    expect(parseBrCode(body.qrcode).transactionAmount).toBe(75.25);
    expect(body.qrCodeImageUrl).toMatch(/^data:image\/png;base64,/);
    const [row] = await t.db.select().from(pixCharges).where(eq(pixCharges.txId, body.txId));
    expect(row).toMatchObject({
      provider: 'woovi',
      providerChargeId: sent?.transactionID,
      status: 'pending',
    });
    expect(await ledgerState(user.id)).toMatchObject({ balance: 0, rows: 0 });
  });

  it('confirm before payment: 409 with a clear message, nothing credited; after payment: credited once', async () => {
    const { user, cookie } = await member();
    const created = (await charge(cookie)).json() as PixCharge;
    const early = await confirm(cookie, created.txId);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(PIX_NOT_PAID);
    expect(await ledgerState(user.id)).toEqual({ balance: 0, ledgerSum: 0, rows: 0 });

    woovi.pay(created.txId);
    const paid = await confirm(cookie, created.txId);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ amount: 50, balance: 50 });
    expect((await confirm(cookie, created.txId)).json()).toEqual({ amount: 50, balance: 50 });
    expect(await ledgerState(user.id)).toEqual({ balance: 5000, ledgerSum: 5000, rows: 1 });
  });

  it('a payment of another value than the charge is not credited', async () => {
    const { user, cookie } = await member();
    const created = (await charge(cookie)).json() as PixCharge;
    woovi.pay(created.txId, 1);
    const res = await confirm(cookie, created.txId);
    expect(res.statusCode).toBe(409);
    expect(await ledgerState(user.id)).toEqual({ balance: 0, ledgerSum: 0, rows: 0 });
  });

  it('an expired charge at Woovi is 409 and marked expired', async () => {
    const { cookie } = await member();
    const created = (await charge(cookie)).json() as PixCharge;
    woovi.expire(created.txId);
    const res = await confirm(cookie, created.txId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PIX_CHARGE_EXPIRED);
    const [row] = await t.db.select().from(pixCharges).where(eq(pixCharges.txId, created.txId));
    expect(row?.status).toBe('expired');
  });

  it('Woovi unreachable: 502 with a Portuguese message, no charge stored', async () => {
    const { user, cookie } = await member();
    woovi.failing.value = true;
    try {
      const res = await charge(cookie);
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(PIX_PROVIDER_UNAVAILABLE);
    } finally {
      woovi.failing.value = false;
    }
    expect(await t.db.select().from(pixCharges).where(eq(pixCharges.userId, user.id))).toEqual([]);
  });

  it('a sandbox charge left from before the switch to Woovi can no longer be confirmed', async () => {
    const { user, cookie } = await member();
    await t.db.insert(pixCharges).values({
      userId: user.id,
      provider: 'sandbox',
      txId: 'SandboxAntigo123',
      amountCents: 5000,
      name: 'x',
      document: '52998224725',
      email: 'x@example.com',
      brCode: '000201',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const res = await confirm(cookie, 'SandboxAntigo123');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PIX_SANDBOX_CHARGE_CLOSED);
    expect(await ledgerState(user.id)).toEqual({ balance: 0, ledgerSum: 0, rows: 0 });
  });
});

describe('POST /api/webhook/pix', () => {
  it('a signed CHARGE_COMPLETED credits the paid charge once, however often it is delivered', async () => {
    const { user, cookie } = await member();
    const created = (await charge(cookie)).json() as PixCharge;
    woovi.pay(created.txId);
    const first = await webhook(completedEvent(created.txId));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ credited: true });
    const again = await webhook(completedEvent(created.txId));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ credited: false });
    expect(await ledgerState(user.id)).toEqual({ balance: 5000, ledgerSum: 5000, rows: 1 });
    // The member's 'Concluir' afterwards answers the amount, crediting nothing more.
    expect((await confirm(cookie, created.txId)).json()).toEqual({ amount: 50, balance: 50 });
    expect(await ledgerState(user.id)).toEqual({ balance: 5000, ledgerSum: 5000, rows: 1 });
  });

  it('confirmations raced with webhooks credit exactly once', async () => {
    const { user, cookie } = await member();
    const created = (await charge(cookie, { amount: 120 })).json() as PixCharge;
    woovi.pay(created.txId);
    const answers = await Promise.all([
      confirm(cookie, created.txId),
      webhook(completedEvent(created.txId, 12000)),
      confirm(cookie, created.txId),
      webhook(completedEvent(created.txId, 12000)),
      confirm(cookie, created.txId),
      webhook(completedEvent(created.txId, 12000)),
    ]);
    for (const res of answers) expect(res.statusCode).toBe(200);
    expect(answers.filter((r) => r.json().credited === true).length).toBeLessThanOrEqual(1);
    expect(await ledgerState(user.id)).toEqual({ balance: 12000, ledgerSum: 12000, rows: 1 });
  });

  it('a webhook does not credit a charge Woovi says is unpaid, whatever its payload claims', async () => {
    const { user, cookie } = await member();
    const created = (await charge(cookie)).json() as PixCharge;
    const res = await webhook(completedEvent(created.txId));
    expect(res.statusCode).toBe(200);
    expect(res.json().credited).toBe(false);
    expect(await ledgerState(user.id)).toEqual({ balance: 0, ledgerSum: 0, rows: 0 });
  });

  it('forged, missing or wrong signatures are refused (401) and credit nothing', async () => {
    const { user, cookie } = await member();
    const created = (await charge(cookie)).json() as PixCharge;
    woovi.pay(created.txId);
    const event = completedEvent(created.txId);
    const raw = JSON.stringify(event);
    const forged: Array<Record<string, string>> = [
      {},
      { 'x-webhook-signature': 'AAAA' },
      { 'x-webhook-signature': webhookKeys().sign(raw) },
      // Signed, but another body.
      { 'x-webhook-signature': keys.sign(JSON.stringify({ ...event, event: 'OUTRO' })) },
      { 'x-openpix-signature': createHmac('sha1', 'outro-segredo').update(raw).digest('base64') },
      { 'x-openpix-signature': '' },
    ];
    for (const headers of forged) {
      const res = await webhook(event, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json().message).toMatch(/Assinatura/);
    }
    expect(await ledgerState(user.id)).toEqual({ balance: 0, ledgerSum: 0, rows: 0 });
    const [row] = await t.db.select().from(pixCharges).where(eq(pixCharges.txId, created.txId));
    expect(row?.status).toBe('pending');
  });

  it('accepts the HMAC-SHA1 X-OpenPix-Signature of the webhook secret', async () => {
    const { user, cookie } = await member();
    const created = (await charge(cookie)).json() as PixCharge;
    woovi.pay(created.txId);
    const raw = JSON.stringify(completedEvent(created.txId));
    const res = await webhook(completedEvent(created.txId), {
      'x-openpix-signature': createHmac('sha1', HMAC_SECRET).update(raw).digest('base64'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().credited).toBe(true);
    expect(await ledgerState(user.id)).toEqual({ balance: 5000, ledgerSum: 5000, rows: 1 });
  });

  it('acknowledges test events and unknown charges without crediting', async () => {
    const test = await webhook({ evento: 'teste_webhook', event: 'OPENPIX:CHARGE_COMPLETED' });
    expect(test.statusCode).toBe(200);
    expect(test.json().credited).toBe(false);
    const unknown = await webhook(completedEvent('NaoExisteNenhuma'));
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().credited).toBe(false);
  });
});
