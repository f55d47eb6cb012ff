import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailVerifications, users } from '../../db/schema/index';
import { createMember } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { AUTH_RATE_LIMITS } from './auth.limits';
import { nextIp, postJson, registerWithPurchase, verificationSecrets } from './auth.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const INVALID = 'Código inválido ou expirado.';
const verify = (payload: unknown, ip?: string) => postJson(t, '/api/auth/verify-email', payload, ip);
const isVerified = async (userId: string) =>
  (await t.db.select().from(users).where(eq(users.id, userId)))[0]!.emailVerified;
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('POST /api/auth/verify-email', () => {
  it('refuses a wrong code (400) and counts the failed attempt', async () => {
    const { userId, code } = await registerWithPurchase(t, 'errou@example.com');
    const res = await verify({ userId, token: wrongCode(code) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INVALID);
    const [row] = await t.db.select().from(emailVerifications).where(eq(emailVerifications.userId, userId));
    expect(row!.failedAttempts).toBe(1);
    expect(await isVerified(userId)).toBe(false);
  });

  it('verifies with the code from the mail, once', async () => {
    const { userId, code } = await registerWithPurchase(t, 'codigo@example.com');
    const res = await verify({ userId, token: code });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('E-mail verificado com sucesso! Você já pode fazer login.');
    expect(await isVerified(userId)).toBe(true);
    const [row] = await t.db.select().from(emailVerifications).where(eq(emailVerifications.userId, userId));
    expect(row!.verified).toBe(true);
    expect(row!.failedAttempts).toBe(0);

    const reuse = await verify({ userId, token: code });
    expect(reuse.statusCode).toBe(200);
    expect(reuse.json().message).toBe('Este e-mail já foi verificado. Faça login.');
  });

  it('does not accept a code after the account was un-verified (codes are single use)', async () => {
    const { userId, code } = await registerWithPurchase(t, 'uso-unico@example.com');
    expect((await verify({ userId, token: code })).statusCode).toBe(200);
    await t.db.update(users).set({ emailVerified: false }).where(eq(users.id, userId));
    const reuse = await verify({ userId, token: code });
    expect(reuse.statusCode).toBe(400);
    expect(await isVerified(userId)).toBe(false);
  });

  it('verifies with the link token', async () => {
    const { userId, linkToken } = await registerWithPurchase(t, 'link@example.com');
    const res = await verify({ userId, token: linkToken });
    expect(res.statusCode).toBe(200);
    expect(await isVerified(userId)).toBe(true);
  });

  it('refuses an expired code', async () => {
    const { userId, code, linkToken } = await registerWithPurchase(t, 'expirou@example.com');
    await t.db
      .update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.userId, userId));
    expect((await verify({ userId, token: code })).statusCode).toBe(400);
    expect((await verify({ userId, token: linkToken })).statusCode).toBe(400);
    expect(await isVerified(userId)).toBe(false);
  });

  it('kills the code after 5 failed attempts, until a new mail is sent', async () => {
    const { userId, code } = await registerWithPurchase(t, 'cinco@example.com');
    for (let i = 0; i < 5; i++) {
      expect((await verify({ userId, token: wrongCode(code) })).statusCode).toBe(400);
    }
    const right = await verify({ userId, token: code });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(INVALID);
    expect(await isVerified(userId)).toBe(false);

    const resend = await postJson(t, '/api/auth/resend-verification', { email: 'cinco@example.com' });
    expect(resend.statusCode).toBe(200);
    const fresh = verificationSecrets(t.mails.at(-1));
    expect((await verify({ userId, token: fresh.code })).statusCode).toBe(200);
  });

  it('answers the same 400 for unknown, malformed and empty ids (never 500)', async () => {
    for (const userId of [randomUUID(), 'nao-e-uuid', "1' or '1'='1"]) {
      const res = await verify({ userId, token: '123456' });
      expect(res.statusCode, userId).toBe(400);
      expect(res.json().message).toBe(INVALID);
    }
    const noToken = await verify({ userId: randomUUID() });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().message).toBe('Informe o código de verificação.');
    const wrongTypes = await verify({ userId: 5, token: { $ne: 1 } });
    expect(wrongTypes.statusCode).toBe(400);
  });

  it('limits tries per address and user', async () => {
    const ip = nextIp();
    const userId = randomUUID();
    for (let i = 0; i < AUTH_RATE_LIMITS.verifyEmail.max; i++) {
      expect((await verify({ userId, token: '123456' }, ip)).statusCode).toBe(400);
    }
    expect((await verify({ userId, token: '123456' }, ip)).statusCode).toBe(429);
  });
});

describe('POST /api/auth/resend-verification', () => {
  it('sends a new mail and the older code stops working', async () => {
    const first = await registerWithPurchase(t, 'reenvio@example.com');
    const res = await postJson(t, '/api/auth/resend-verification', { email: 'Reenvio@Example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Enviamos um novo e-mail de verificação.');
    expect(res.body).not.toMatch(/\d{6}/);
    const second = verificationSecrets(t.mails.at(-1));
    expect(second.code === first.code && second.linkToken === first.linkToken).toBe(false);
    expect((await verify({ userId: first.userId, token: first.linkToken })).statusCode).toBe(400);
    expect((await verify({ userId: first.userId, token: second.linkToken })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown e-mail and 400 for a verified one', async () => {
    const unknown = await postJson(t, '/api/auth/resend-verification', { email: 'ninguem@example.com' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('E-mail não encontrado');
    const member = await createMember(t.db, { email: 'verificado@example.com' });
    const verified = await postJson(t, '/api/auth/resend-verification', { email: member.email });
    expect(verified.statusCode).toBe(400);
    expect(verified.json().message).toBe('Este e-mail já foi verificado. Faça login.');
    const invalid = await postJson(t, '/api/auth/resend-verification', { email: 'x' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('E-mail inválido');
  });

  it('limits mail sending per address and e-mail', async () => {
    const ip = nextIp();
    const email = 'limite-reenvio@example.com';
    for (let i = 0; i < AUTH_RATE_LIMITS.mail.max; i++) {
      expect((await postJson(t, '/api/auth/resend-verification', { email }, ip)).statusCode).toBe(404);
    }
    const limited = await postJson(t, '/api/auth/resend-verification', { email }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Muitas tentativas. Aguarde um pouco e tente novamente.');
  });
});
