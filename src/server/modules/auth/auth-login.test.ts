import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index';
import { sha256 } from '../../lib/crypto';
import { createMember, TEST_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { AUTH_RATE_LIMITS } from './auth.limits';
import { insertPurchase, nextIp, postJson, registerWithPurchase } from './auth.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: unknown, ip?: string) => postJson(t, '/api/auth/login', payload, ip);
const getUser = (cookie?: string) =>
  t.request({ method: 'GET', url: '/api/auth/user', headers: cookie ? { cookie } : {} });

function sessionCookie(res: { headers: Record<string, unknown> }) {
  const raw = res.headers['set-cookie'];
  const header = (Array.isArray(raw) ? raw : [raw]).find((c) => String(c).startsWith('ce_sid='));
  expect(header).toBeDefined();
  return { header: String(header), value: String(header).split(';')[0]! };
}

describe('POST /api/auth/login', () => {
  it('refuses an unverified account after checking the password', async () => {
    const { body } = await registerWithPurchase(t, 'nao.verificado@example.com');
    const wrong = await login({ email: 'nao.verificado@example.com', password: 'senha-errada' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().emailNotVerified).toBeUndefined();
    const res = await login({ email: 'nao.verificado@example.com', password: 'minha-senha-forte' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('não verificado');
    expect(res.json().emailNotVerified).toBe(true);
    // No session (the device cookie, plugins/device.ts, is set on the auth API whatever the answer).
    expect(res.cookies.map((c) => c.name)).not.toContain('ce_sid');
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, body.userId))).toHaveLength(0);
  });

  it('signs in with an HttpOnly, SameSite=Lax cookie whose hash alone is stored', async () => {
    const member = await createMember(t.db, { email: 'entra@example.com', name: 'Entra Aqui' });
    const res = await login({ email: '  Entra@Example.com ', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookie(res);
    expect(cookie.header).toMatch(/HttpOnly/i);
    expect(cookie.header).toMatch(/SameSite=Lax/i);
    expect(cookie.header).toMatch(/Path=\//);
    expect(res.json()).toMatchObject({ id: member.id, email: 'entra@example.com', isAdmin: false });
    expect(res.body).not.toContain('scrypt');

    const token = cookie.value.slice('ce_sid='.length);
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, member.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.sid).not.toBe(token);
    expect(stored[0]!.sid).toBe(sha256(token));

    const me = await getUser(cookie.value);
    expect(me.statusCode).toBe(200);
    const user = me.json();
    expect(Object.keys(user).sort()).toEqual(
      [
        'balance',
        'createdAt',
        'email',
        'emailVerified',
        'id',
        'isAdmin',
        'lastLogin',
        'name',
        'planType',
        'points',
        'status',
        'uniqueId',
      ].sort(),
    );
    expect(user).toMatchObject({ id: member.id, name: 'Entra Aqui', status: 'Ativo', emailVerified: true });
    expect(user.lastLogin).toEqual(expect.any(String));
    expect(user.uniqueId).toMatch(/^\d{6}$/);
    expect(me.body).not.toMatch(/password|scrypt/i);
  });

  it('answers 401 without a session', async () => {
    const res = await getUser();
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toEqual(expect.any(String));
    expect((await getUser('ce_sid=inventado')).statusCode).toBe(401);
  });

  it('refuses a wrong password', async () => {
    await createMember(t.db, { email: 'senha.errada@example.com' });
    const res = await login({ email: 'senha.errada@example.com', password: 'outra-senha' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'E-mail ou senha incorretos' });
  });

  it('tells an unknown e-mail apart, with requiresPurchase when there is no active purchase', async () => {
    const none = await login({ email: 'sem.conta@example.com', password: TEST_PASSWORD });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({
      message: 'Nenhuma conta encontrada. Crie a sua conta primeiro!',
      accountNotFound: true,
      requiresPurchase: true,
    });
    await insertPurchase(t.db, 'Comprou.Sem.Conta@example.com');
    const bought = await login({ email: 'comprou.sem.conta@example.com', password: TEST_PASSWORD });
    expect(bought.json()).toMatchObject({ accountNotFound: true, requiresPurchase: false });
    await insertPurchase(t.db, 'cancelada@example.com', { canceledAt: new Date() });
    const canceled = await login({ email: 'cancelada@example.com', password: TEST_PASSWORD });
    expect(canceled.json()).toMatchObject({ accountNotFound: true, requiresPurchase: true });
  });

  it('refuses a cancelled account (403 accountCanceled) only after the right password', async () => {
    await createMember(t.db, { email: 'cancelado@example.com', status: 'Cancelado' });
    const wrong = await login({ email: 'cancelado@example.com', password: 'outra-senha' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().accountCanceled).toBeUndefined();
    const res = await login({ email: 'cancelado@example.com', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Você não tem plano ativo no Clube.', accountCanceled: true });
  });

  it('answers the spec messages for bad input and 400/415 (never 500) for bad bodies', async () => {
    const cases: [unknown, string][] = [
      [{}, 'Email e senha são obrigatórios'],
      [{ email: '', password: '' }, 'Email e senha são obrigatórios'],
      [{ email: 'x', password: TEST_PASSWORD }, 'E-mail inválido'],
      [{ email: 'a@example.com', password: '123' }, 'Senha deve ter pelo menos 6 caracteres'],
    ];
    for (const [payload, message] of cases) {
      const res = await login(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await login({ email: 42, password: ['a'] })).statusCode).toBe(400);
    const text = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@example.com',
    });
    expect(text.statusCode).toBe(415);
    const broken = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{email',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('refuses a cross-site login (CSRF)', async () => {
    await createMember(t.db, { email: 'csrf@example.com' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'csrf@example.com', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    // No session (the device cookie, plugins/device.ts, is set on the auth API whatever the answer).
    expect(res.cookies.map((c) => c.name)).not.toContain('ce_sid');
  });

  it('limits attempts per address and e-mail with the Portuguese 429 message', async () => {
    const ip = nextIp();
    const payload = { email: 'forca.bruta@example.com', password: 'tentativa' };
    for (let i = 0; i < AUTH_RATE_LIMITS.login.max; i++) {
      expect((await login(payload, ip)).statusCode).toBe(401);
    }
    const limited = await login(payload, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Muitas tentativas. Aguarde um pouco e tente novamente.');
    // Another e-mail from the same address is not locked out.
    expect((await login({ ...payload, email: 'outra.pessoa@example.com' }, ip)).statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session: the cookie no longer works', async () => {
    await createMember(t.db, { email: 'sai@example.com' });
    const cookie = sessionCookie(await login({ email: 'sai@example.com', password: TEST_PASSWORD })).value;
    expect((await getUser(cookie)).statusCode).toBe(200);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Sessão encerrada.');
    expect(sessionCookie(res).header).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await getUser(cookie)).statusCode).toBe(401);
  });

  it('answers 200 when signed out', async () => {
    expect((await t.request({ method: 'POST', url: '/api/auth/logout', payload: {} })).statusCode).toBe(200);
  });
});

describe('whole journey', () => {
  it('register, verify with the mailed code, sign in and see the R$ 3,00 trial credit', async () => {
    const { userId, code } = await registerWithPurchase(t, 'jornada@example.com', 'Jornada Completa');
    expect((await postJson(t, '/api/auth/verify-email', { userId, token: code })).statusCode).toBe(200);
    const res = await login({ email: 'jornada@example.com', password: 'minha-senha-forte' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ balance: 3, planType: 'Mentoria Mensal', emailVerified: true });
    const cookie = sessionCookie(res).value;
    const balance = await t.request({ method: 'GET', url: '/api/user/balance', headers: { cookie } });
    expect(balance.json()).toEqual({ balance: 3, pixTopUp: 'sandbox' });
    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(row!.lastLogin).not.toBeNull();
  });
});
