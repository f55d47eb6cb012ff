import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('buying and support links', () => {
  let t: TestApp;
  let bare: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      CHECKOUT_URL: 'https://lastlink.com/p/CLUBE/checkout',
      CHECKOUT_URL_SEMESTRAL: 'https://lastlink.com/p/SEMESTRAL/checkout',
      SUPPORT_URL: 'https://wa.me/5521988887777',
      PLAN_MENSAL_PRICE: '127,90',
      PLAN_SEMESTRAL_PRICE: '1.497,00',
    });
    bare = await createTestApp({ SUPPORT_URL: 'https://suporte.exemplo.com/chat' });
  });
  afterAll(async () => {
    await t.close();
    await bare.close();
  });

  it('GET /clube answers 302 to CHECKOUT_URL, and to a plan’s own checkout when it has one', async () => {
    const club = await t.request({ method: 'GET', url: '/clube' });
    expect(club.statusCode).toBe(302);
    expect(club.headers.location).toBe('https://lastlink.com/p/CLUBE/checkout');
    const semestral = await t.request({ method: 'GET', url: '/clube?plano=semestral' });
    expect(semestral.headers.location).toBe('https://lastlink.com/p/SEMESTRAL/checkout');
    // The monthly plan has no checkout of its own: the club's.
    const mensal = await t.request({ method: 'GET', url: '/clube?plano=mensal' });
    expect(mensal.headers.location).toBe('https://lastlink.com/p/CLUBE/checkout');
    const odd = await t.request({ method: 'GET', url: '/clube?plano=%3Cscript%3E' });
    expect(odd.headers.location).toBe('https://lastlink.com/p/CLUBE/checkout');
  });

  it('without a checkout configured, /clube leads to the support chat', async () => {
    const club = await bare.request({ method: 'GET', url: '/clube' });
    expect(club.statusCode).toBe(302);
    expect(club.headers.location).toBe('https://suporte.exemplo.com/chat');
  });

  it('GET /suporte answers 302 to SUPPORT_URL', async () => {
    const res = await t.request({ method: 'GET', url: '/suporte' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://wa.me/5521988887777');
  });

  it('GET /api/club lists the plans with the configured prices, open to visitors', async () => {
    const res = await t.request({ method: 'GET', url: '/api/club' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      plans: [
        {
          id: 'mentoria-mensal',
          name: 'Mentoria Mensal',
          priceCents: 12790,
          months: 1,
          checkoutPath: '/clube?plano=mensal',
        },
        {
          id: 'mentoria-semestral',
          name: 'Mentoria Semestral',
          priceCents: 149700,
          months: 6,
          checkoutPath: '/clube?plano=semestral',
        },
      ],
    });
  });

  it('refuses a price or a checkout it cannot read, naming the variable', () => {
    expect(() => loadConfig({ PLAN_MENSAL_PRICE: '97 reais' })).toThrow(/PLAN_MENSAL_PRICE/);
    expect(() => loadConfig({ PLAN_SEMESTRAL_PRICE: '0' })).toThrow(/PLAN_SEMESTRAL_PRICE/);
    expect(() => loadConfig({ CHECKOUT_URL: 'javascript:alert(1)' })).toThrow(/CHECKOUT_URL/);
    expect(() => loadConfig({ SUPPORT_URL: 'ftp://x.example' })).toThrow(/SUPPORT_URL/);
    expect(loadConfig({}).PLAN_MENSAL_PRICE).toBe(9700);
  });
});
