import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS } from '../modules/auth/auth.limits';
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
