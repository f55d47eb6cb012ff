import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceLedger, emailVerifications, users } from '../../db/schema/index';
import type { MailMessage } from '../../lib/mail/mail';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { AUTH_RATE_LIMITS } from './auth.limits';
import {
  insertPurchase,
  nextIp,
  PASSWORD,
  postJson,
  registerWithPurchase,
  verificationSecrets,
} from './auth.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (payload: unknown, ip?: string) => postJson(t, '/api/auth/register', payload, ip);

describe('POST /api/auth/register', () => {
  it('refuses an e-mail without a confirmed purchase (403, requiresPurchase)', async () => {
    const res = await register({ name: 'Sem Compra', email: 'sem.compra@example.com', password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().requiresPurchase).toBe(true);
    expect(res.json().message).toContain('compra confirmada');
    expect(t.mails.some((m) => m.to === 'sem.compra@example.com')).toBe(false);
    const rows = await t.db.select().from(users).where(eq(users.email, 'sem.compra@example.com'));
    expect(rows).toHaveLength(0);
  });

  it('refuses an e-mail whose only purchase was cancelled', async () => {
    await insertPurchase(t.db, 'cancelou@example.com', { canceledAt: new Date() });
    const res = await register({ name: 'Cancelou', email: 'cancelou@example.com', password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().requiresPurchase).toBe(true);
  });

  it('creates an unverified account with the trial credit and mails a link and a code it never returns', async () => {
    await insertPurchase(t.db, 'novo@example.com', {
      planType: 'mentoria-mensal',
      receivedAt: new Date(Date.now() - 60_000),
    });
    await insertPurchase(t.db, 'novo@example.com', { planType: 'mentoria-semestral' });
    const res = await register({ name: 'Novo Membro', email: 'novo@example.com', password: PASSWORD });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      message: 'Conta criada! Enviamos um e-mail de verificação com um link e um código de 6 dígitos.',
      userId: expect.any(String),
      verificationToken: expect.any(String),
    });

    const mail = t.mails.at(-1);
    expect(mail?.to).toBe('novo@example.com');
    const secrets = verificationSecrets(mail);
    expect(secrets.userId).toBe(body.userId);
    expect(mail!.html).toContain(secrets.code);
    expect(res.body).not.toContain(secrets.code);
    expect(res.body).not.toContain(secrets.linkToken);
    expect(body.verificationToken).not.toBe(secrets.linkToken);

    const [user] = await t.db.select().from(users).where(eq(users.id, body.userId));
    expect(user).toMatchObject({
      emailVerified: false,
      status: 'Ativo',
      planType: 'Mentoria Semestral',
      balanceCents: 300,
      name: 'Novo Membro',
    });
    expect(user!.passwordHash).not.toContain(PASSWORD);
    const ledger = await t.db.select().from(balanceLedger).where(eq(balanceLedger.userId, body.userId));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ amountCents: 300, balanceAfterCents: 300, reason: 'trial_credit' });

    const rows = await t.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, body.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(body.verificationToken);
    expect(JSON.stringify(rows)).not.toContain(secrets.linkToken);
    expect(rows[0]!.codeHash).not.toBe(secrets.code);
    expect(rows[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);
  });

  it('compares e-mails case-insensitively and stores them lower-cased', async () => {
    await insertPurchase(t.db, 'Maria.Souza@Example.com');
    const res = await register({ name: 'Maria', email: 'maria.souza@example.com', password: PASSWORD });
    expect(res.statusCode).toBe(201);
    const again = await register({ name: 'Maria', email: 'MARIA.SOUZA@example.com', password: PASSWORD });
    expect(again.statusCode).toBe(409);
  });

  it('answers 409 for an e-mail already registered', async () => {
    await registerWithPurchase(t, 'duplicado@example.com');
    const res = await register({ name: 'Outro', email: 'duplicado@example.com', password: PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Este e-mail já está cadastrado. Faça login.');
  });

  it('answers the spec messages for missing and short fields', async () => {
    const cases: [unknown, string][] = [
      [{}, 'Todos os campos são obrigatórios'],
      [{ name: '', email: 'a@example.com', password: PASSWORD }, 'Todos os campos são obrigatórios'],
      [{ name: 'Ana', email: '', password: PASSWORD }, 'Todos os campos são obrigatórios'],
      [{ name: 'Ana', email: 'a@example.com' }, 'Todos os campos são obrigatórios'],
      [{ name: 'A', email: 'a@example.com', password: PASSWORD }, 'Nome deve ter pelo menos 2 caracteres'],
      [{ name: 'Ana', email: 'a@example.com', password: '12345' }, 'Senha deve ter pelo menos 6 caracteres'],
      [{ name: 'Ana', email: 'nao-e-email', password: PASSWORD }, 'E-mail inválido'],
    ];
    for (const [payload, message] of cases) {
      const res = await register(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(message);
    }
  });

  it('answers 400/415 (never 500) for wrong types and bodies that are not JSON', async () => {
    const wrongTypes = await register({ name: 123, email: ['x'], password: true });
    expect(wrongTypes.statusCode).toBe(400);
    const text = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'text/plain' },
      payload: 'name=Ana',
      remoteAddress: nextIp(),
    });
    expect(text.statusCode).toBe(415);
    const broken = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
      remoteAddress: nextIp(),
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('Corpo da requisição não é um JSON válido.');
  });

  it('limits registrations per address with the Portuguese 429 message', async () => {
    const ip = nextIp();
    for (let i = 0; i < AUTH_RATE_LIMITS.register.max; i++) {
      expect((await register({}, ip)).statusCode).toBe(400);
    }
    const limited = await register({}, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Muitas tentativas. Aguarde um pouco e tente novamente.');
    expect((await register({}, nextIp())).statusCode).toBe(400);
  });
});

describe('registration when the mail fails', () => {
  let flaky: TestApp;
  const delivered: MailMessage[] = [];
  let failNext = true;
  beforeAll(async () => {
    flaky = await createTestApp(
      {},
      {
        mailer: {
          destination: 'falha controlada',
          async send(message) {
            if (failNext) {
              failNext = false;
              throw new Error('SMTP fora do ar');
            }
            delivered.push(message);
          },
        },
      },
    );
  });
  afterAll(() => flaky.close());

  it('still creates the account (201) and a resend delivers a working code', async () => {
    await insertPurchase(flaky.db, 'smtp.fora@example.com');
    const res = await postJson(flaky, '/api/auth/register', {
      name: 'Sem SMTP',
      email: 'smtp.fora@example.com',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    expect(delivered).toHaveLength(0);
    const resend = await postJson(flaky, '/api/auth/resend-verification', { email: 'smtp.fora@example.com' });
    expect(resend.statusCode).toBe(200);
    const { code, userId } = verificationSecrets(delivered[0]);
    const verify = await postJson(flaky, '/api/auth/verify-email', { userId, token: code });
    expect(verify.statusCode).toBe(200);
  });
});
