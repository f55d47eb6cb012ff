import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index';
import { AUTH_RATE_LIMITS } from '../modules/auth/auth.limits';
import { insertPurchase, PASSWORD } from '../modules/auth/auth.test-support';
import { createMember, TEST_PASSWORD } from './factories';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TOO_MANY = 'Muitas tentativas. Aguarde um pouco e tente novamente.';
const login = (email: string, ip: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'senha-errada-123' },
    remoteAddress: ip,
  });

describe('login rate limits', () => {
  it('per address and e-mail: the same e-mail is stopped, another e-mail from that address is not', async () => {
    const ip = '10.20.0.1';
    for (let i = 0; i < AUTH_RATE_LIMITS.login.max; i++) {
      expect((await login('alvo@example.com', ip)).statusCode).toBe(401);
    }
    const limited = await login('alvo@example.com', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: TOO_MANY });
    expect((await login('outro@example.com', ip)).statusCode).toBe(401);
  });

  it('per address across e-mails: one address cannot try any number of e-mails', async () => {
    const { max } = AUTH_RATE_LIMITS.loginPerAddress;
    expect(max).toBeGreaterThan(AUTH_RATE_LIMITS.login.max);
    const ip = '10.20.0.2';
    for (let i = 0; i < max; i++) {
      const res = await login(`tentativa-${i}@example.com`, ip);
      expect(res.statusCode, `tentativa ${i}`).toBe(401);
    }
    const limited = await login('mais-uma@example.com', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: TOO_MANY });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['cache-control']).toBe('no-store');
    // Refused before the body is read: even an invalid body gets the 429.
    const invalid = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
      remoteAddress: ip,
    });
    expect(invalid.statusCode).toBe(429);
    // Another address is not affected.
    expect((await login('mais-uma@example.com', '10.20.0.3')).statusCode).toBe(401);
  });
});

describe('crowds behind one address', () => {
  const post = (url: string, payload: object, ip: string) =>
    t.request({ method: 'POST', url, payload, remoteAddress: ip });

  it('buyers registering and signing in from one address all get in; only failures are counted', async () => {
    const ip = '10.30.0.1';
    const buyers = AUTH_RATE_LIMITS.register.max + 2;
    const emails = Array.from({ length: buyers }, (_, i) => `evento-${i}@example.com`);
    for (const email of emails) await insertPurchase(t.db, email);
    for (const email of emails) {
      const res = await post(
        '/api/auth/register',
        { name: 'Comprador do Evento', email, password: PASSWORD },
        ip,
      );
      expect(res.statusCode, email).toBe(201);
    }
    // Verified (the mail's code is tested elsewhere): the accounts can sign in.
    await t.db.update(users).set({ emailVerified: true }).where(inArray(users.email, emails));
    const logins = AUTH_RATE_LIMITS.loginPerAddress.max + 5;
    for (let i = 0; i < logins; i++) {
      const res = await post('/api/auth/login', { email: emails[i % emails.length], password: PASSWORD }, ip);
      expect(res.statusCode, `login ${i}`).toBe(200);
    }
    // Failures from that address are still counted: the limit is reached after `max` of them, not sooner.
    const { max } = AUTH_RATE_LIMITS.loginPerAddress;
    for (let i = 0; i < max; i++) {
      const res = await login(`nao-existe-${i}@example.com`, ip);
      expect(res.statusCode, `falha ${i}`).toBe(401);
    }
    expect((await login('mais-uma@example.com', ip)).statusCode).toBe(429);
    // Even a right password waits now (the address is held), and another address is not affected.
    expect((await post('/api/auth/login', { email: emails[0], password: PASSWORD }, ip)).statusCode).toBe(
      429,
    );
    expect(
      (await post('/api/auth/login', { email: emails[0], password: PASSWORD }, '10.30.0.2')).statusCode,
    ).toBe(200);
    // ~80 password hashes (scrypt, on purpose slow): over 30 s on a loaded 2-core machine.
  }, 120_000);

  it('the right password on accounts that cannot enter yet (unverified: 403) is not a failure; wrong ones are', async () => {
    const ip = '10.30.0.4';
    const accounts = [];
    for (let i = 0; i < 40; i++) {
      accounts.push(
        await createMember(t.db, { email: `nao-verificado-${i}@example.com`, emailVerified: false }),
      );
    }
    const right = (email: string) => post('/api/auth/login', { email, password: TEST_PASSWORD }, ip);
    for (const account of accounts) {
      const res = await right(account.email);
      expect(res.statusCode, account.email).toBe(403);
      expect(res.json()).toMatchObject({ emailNotVerified: true });
    }
    // One account many times: not counted per address and e-mail either.
    for (let i = 0; i <= AUTH_RATE_LIMITS.login.max; i++) {
      expect((await right(accounts[0]?.email as string)).statusCode, `de novo ${i}`).toBe(403);
    }
    const { max } = AUTH_RATE_LIMITS.loginPerAddress;
    for (let i = 0; i < max; i++) {
      const res = await login(accounts[i]?.email as string, ip);
      expect(res.statusCode, `senha errada ${i}`).toBe(401);
    }
    expect((await login(accounts[max]?.email as string, ip)).statusCode).toBe(429);
    // ~80 password checks (scrypt, on purpose slow).
  }, 120_000);

  it('keys IPv6 by its /64: new addresses inside it share the limit, another /64 does not', async () => {
    const { max } = AUTH_RATE_LIMITS.loginPerAddress;
    for (let i = 0; i < max; i++) {
      const res = await login(`v6-${i}@example.com`, `2001:db8:aa:1::${(i + 1).toString(16)}`);
      expect(res.statusCode, `tentativa ${i}`).toBe(401);
    }
    expect((await login('v6-nova@example.com', '2001:db8:aa:1:ffff:1:2:3')).statusCode).toBe(429);
    expect((await login('v6-nova@example.com', '2001:db8:aa:2::1')).statusCode).toBe(401);
  });

  it('failed registrations from one address are limited', async () => {
    const ip = '10.30.0.3';
    for (let i = 0; i < AUTH_RATE_LIMITS.register.max; i++) {
      const res = await post(
        '/api/auth/register',
        { name: 'Sem Compra', email: `sem-compra-${i}@example.com`, password: PASSWORD },
        ip,
      );
      expect(res.statusCode).toBe(403);
    }
    const limited = await post(
      '/api/auth/register',
      { name: 'Sem Compra', email: 'sem-compra-x@example.com', password: PASSWORD },
      ip,
    );
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
