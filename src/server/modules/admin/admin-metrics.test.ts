import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, saoPauloDay } from '../../../shared/sao-paulo-day';
import { createDatabase } from '../../db/client';
import { sessions, slugScans, userActivityDays, webhookProductMap } from '../../db/schema/index';
import { projectRoot } from '../../lib/paths';
import { createAdmin, createMember, signIn } from '../../testing/factories';
import { createTestApp, deliverLastlink, type TestApp } from '../../testing/test-app';
import { getAdminMetrics, warmMetricsRollups } from './admin-metrics.service';

const fixture = (name: string) =>
  JSON.parse(
    readFileSync(path.resolve(projectRoot, `src/server/testing/fixtures/lastlink/${name}.json`), 'utf8'),
  ) as Record<string, unknown> & { Data: Record<string, Record<string, unknown>> };

const OPTIMIZER_INPUT = { ticketPrincipal: 97, valorGasto: 1000, valorRetornado: 2910, vendasPrincipal: 30 };
const VALIDATOR_INPUT = [{ nome: 'Criativo A', quantoGastou: 100, quantoVoltou: 250, cliques: 80 }];
const SEMESTRAL = { Id: 'prod-semestral', Name: 'Clube Escala - Semestral', Price: 497 };

/** One delivery: a payment dated by PaymentDate, an ending by CreatedAt (all arrive late: today). */
function event(
  type: string,
  email: string,
  at: string,
  opts: { id?: string; price?: number; semestral?: boolean; subscription?: Record<string, string> } = {},
) {
  const payload = fixture('purchase-order-confirmed');
  payload.Id = opts.id ?? crypto.randomUUID();
  payload.Event = type;
  payload.CreatedAt = at;
  payload.Data.Buyer!.Email = email;
  // An ending carries the original payment's date: it must not date the ending.
  const pays = type === 'Purchase_Order_Confirmed' || type === 'Recurrent_Payment';
  payload.Data.Purchase!.PaymentDate = pays ? at : '2024-12-01T10:00:00Z';
  payload.Data.Purchase!.Price = { Value: opts.price ?? 97 };
  if (opts.semestral) (payload.Data as Record<string, unknown>).Products = [SEMESTRAL];
  if (opts.subscription) (payload.Data as Record<string, unknown>).Subscriptions = [opts.subscription];
  return payload;
}

let t: TestApp;
let admin: string;
let member: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.db, (await createAdmin(t.db)).id);
  member = await signIn(t.db, (await createMember(t.db)).id);
  await t.db.insert(webhookProductMap).values({ productId: SEMESTRAL.Id, planType: 'mentoria-semestral' });
  const scanner = await createMember(t.db);
  const scan = (createdAt: string) => ({
    userId: scanner.id,
    domain: 'exemplo.com',
    origin: 'https://exemplo.com',
    costCents: 0,
    createdAt: new Date(createdAt),
  });
  // 02:00 UTC on Monday 6 January = Sunday 23:00 in São Paulo: the week of 30 December. Seeded before any read:
  // an ended day's uses are counted once (rows are created at the moment of use).
  await t.db.insert(slugScans).values([scan('2025-01-06T02:00:00Z'), scan('2025-01-06T12:00:00Z')]);
  await t.db.insert(slugScans).values(scan('2025-01-07T12:00:00Z'));
  const deliveries = [
    // A: bought in January, delivered twice (one Lastlink Id), cancels on 20 February.
    event('Purchase_Order_Confirmed', 'a@example.com', '2025-01-10T15:00:00Z', { id: 'evt-a' }),
    event('Purchase_Order_Confirmed', 'a@example.com', '2025-01-10T15:00:00Z', { id: 'evt-a' }),
    event('Subscription_Canceled', 'a@example.com', '2025-02-20T12:00:00Z'),
    // B: pays at 01:30 UTC on 1 February = 22:30 on 31 January in São Paulo; refunded on 5 February.
    event('Payment_Refund', 'b@example.com', '2025-02-05T12:00:00Z'), // arrives before its purchase
    event('Purchase_Order_Confirmed', 'b@example.com', '2025-02-01T01:30:00Z'),
    // C: semestral (R$ 497), expires on 10 February.
    event('Purchase_Order_Confirmed', 'c@example.com', '2025-01-20T12:00:00Z', {
      price: 497,
      semestral: true,
    }),
    event('Subscription_Expired', 'c@example.com', '2025-02-10T12:00:00Z'),
    // D: buys on 5 January and renews on 5 February; still paying.
    event('Purchase_Order_Confirmed', 'd@example.com', '2025-01-05T12:00:00Z'),
    event('Recurrent_Payment', 'd@example.com', '2025-02-05T12:00:00Z'),
    // A test delivery is never counted.
    { ...event('Purchase_Order_Confirmed', 'e@example.com', '2025-01-15T12:00:00Z'), IsTest: true },
  ];
  for (const payload of deliveries) await deliver(payload);
});

async function deliver(payload: unknown) {
  const res = await deliverLastlink(t, payload);
  expect(res.statusCode).toBe(200);
}
afterAll(() => t.close());

const get = (url: string, cookie = admin) => t.request({ method: 'GET', url, headers: { cookie } });
const values = (points: Array<{ date: string; value: number }>) => points.map((p) => [p.date, p.value]);

describe('GET /api/admin/metrics', () => {
  it('computes every money and membership series per São Paulo month', async () => {
    const res = await get('/api/admin/metrics?from=2025-01-01&to=2025-02-28&interval=month');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const s = body.series;
    expect(values(s.payingMembers)).toEqual([
      ['2025-01-01', 4],
      ['2025-02-01', 1],
    ]);
    expect(values(s.mrrCents)).toEqual([
      ['2025-01-01', 9700 * 3 + Math.round(49700 / 6)],
      ['2025-02-01', 9700],
    ]);
    expect(values(s.newPurchases)).toEqual([
      ['2025-01-01', 4],
      ['2025-02-01', 0],
    ]);
    expect(values(s.revenueCents)).toEqual([
      ['2025-01-01', 9700 * 3 + 49700],
      ['2025-02-01', 9700],
    ]);
    expect(values(s.cancellations)).toEqual([
      ['2025-01-01', 0],
      ['2025-02-01', 1],
    ]);
    expect(values(s.expiries)).toEqual([
      ['2025-01-01', 0],
      ['2025-02-01', 1],
    ]);
    expect(values(s.refunds)).toEqual([
      ['2025-01-01', 0],
      ['2025-02-01', 1],
    ]);
    expect(body.churnByMonth).toEqual([
      { month: '2025-01', rate: null },
      { month: '2025-02', rate: 0.5 },
    ]);
    expect(body.cohorts).toEqual([
      { month: '2025-01', size: 4, retained: [1, 1, 1, 1] },
      { month: '2025-02', size: 0, retained: [0, 0, 0, 0] },
    ]);
  });

  it('dates a payment at 01:30 UTC on the 1st on the previous São Paulo day', async () => {
    const body = (await get('/api/admin/metrics?from=2025-01-31&to=2025-02-01&interval=day')).json();
    expect(values(body.series.newPurchases)).toEqual([
      ['2025-01-31', 1],
      ['2025-02-01', 0],
    ]);
    expect(values(body.series.payingMembers)).toEqual([
      ['2025-01-31', 4],
      ['2025-02-01', 4],
    ]);
  });

  it('counts members who opened the club by the days recorded, sessions only before the first one', async () => {
    // A session last used 60 days ago, before the first recorded day: the time before the days were recorded.
    const early = await createMember(t.db);
    await t.db.insert(sessions).values({
      sid: `metrics-early-${early.id}`,
      userId: early.id,
      expire: new Date(Date.now() - 30 * 86_400_000),
    });
    const someone = await createMember(t.db);
    const usedTwoDaysAgo = new Date(Date.now() + 28 * 86_400_000);
    await t.db
      .insert(sessions)
      .values({ sid: `metrics-${someone.id}`, userId: someone.id, expire: usedTwoDaysAgo });
    // Recorded days: `daily` came today (through a renewal on use, below), 3 and 20 days ago.
    const daily = await createMember(t.db);
    const today = saoPauloDay();
    await t.db.insert(userActivityDays).values([
      { userId: daily.id, day: addDays(today, -20) },
      { userId: someone.id, day: addDays(today, -3) },
    ]);
    const renewable = 'metrics-renewable';
    await t.db.insert(sessions).values({
      sid: createHash('sha256').update(renewable).digest('hex'),
      userId: daily.id,
      expire: new Date(Date.now() + 29 * 86_400_000),
    });
    expect((await get('/api/notifications', `ce_sid=${renewable}`)).statusCode).toBe(200);
    const body = (await get('/api/admin/metrics')).json();
    expect(body.series.payingMembers).toHaveLength(30);
    const point = (key: string, back: number) => body.series[key].at(-1 - back).value;
    // Today: `daily`; over 7 days also `someone` (whose session used 2 days ago adds nothing: days are recorded now).
    expect([point('activeMembers1d', 0), point('activeMembers7d', 0), point('activeMembers30d', 0)]).toEqual([
      1, 2, 2,
    ]);
    // 20 days ago only `daily`'s recorded day counts.
    expect(point('activeMembers1d', 20)).toBe(1);
    expect(point('activeMembers7d', 10)).toBe(0);
    // `daily`'s day 20 days ago covers 7 days (to 14 days ago) and 30 days (to today).
    expect([point('activeMembers7d', 14), point('activeMembers7d', 13)]).toEqual([1, 0]);
    expect([point('activeMembers30d', 1), point('activeMembers1d', 1)]).toEqual([2, 0]);
    // A day recorded late and older than `daily`'s latest does not take today away from them (metrics_last_active).
    await t.db.insert(userActivityDays).values({ userId: daily.id, day: addDays(today, -25) });
    const again = (await get('/api/admin/metrics')).json();
    expect(again.series.activeMembers1d.at(-1).value).toBe(1);
    // Before the first recorded day, sessions tell their last use: `early`, 60 days ago.
    const before = (
      await get(`/api/admin/metrics?from=${addDays(today, -65)}&to=${addDays(today, -55)}`)
    ).json();
    expect(before.series.activeMembers1d.map((p: { value: number }) => p.value)).toEqual([
      0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0,
    ]);
  });

  it('counts tool use per São Paulo week (Monday), a Sunday night in UTC staying in its week', async () => {
    const body = (await get('/api/admin/metrics?from=2025-01-01&to=2025-01-31')).json();
    expect(body.toolUse).toEqual([
      { week: '2024-12-30', tool: 'slugChecks', count: 1 },
      { week: '2025-01-06', tool: 'slugChecks', count: 2 },
    ]);
  });

  it('counts optimizer and validator runs, recorded when they answer', async () => {
    const runner = await signIn(t.db, (await createMember(t.db)).id);
    const post = (url: string, payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url, headers: { cookie: runner }, payload });
    expect((await post('/api/chat', { mensagem: 'Analise', dados: OPTIMIZER_INPUT })).statusCode).toBe(200);
    expect(
      (await post('/api/validar-criativos', { mensagem: 'Analise', criativos: VALIDATOR_INPUT })).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/validar-criativos', { mensagem: 'Analise', criativos: VALIDATOR_INPUT })).statusCode,
    ).toBe(200);
    expect((await post('/api/chat', { dados: {} })).statusCode).toBe(400);
    const body = (await get(`/api/admin/metrics?from=${saoPauloDay()}`)).json();
    const used = Object.fromEntries(
      body.toolUse.map((u: { tool: string; count: number }) => [u.tool, u.count]),
    );
    expect([used.optimizerRuns, used.validatorRuns]).toEqual([1, 2]);
  });

  it('a late or repeated event after a read changes exactly the days, months and cohorts it belongs to', async () => {
    const url = '/api/admin/metrics?from=2025-01-01&to=2025-03-31&interval=month';
    const before = (await get(url)).json();
    expect(before.cohorts[0].retained).toEqual([1, 1, 1, 1]);
    expect(values(before.series.payingMembers)).toEqual([
      ['2025-01-01', 4],
      ['2025-02-01', 1],
      ['2025-03-01', 1],
    ]);
    // D's cancellation on 10 March arrives now, twice.
    const late = event('Subscription_Canceled', 'd@example.com', '2025-03-10T12:00:00Z', { id: 'late-d' });
    await deliver(late);
    await deliver(late);
    const after = (await get(url)).json();
    expect(values(after.series.payingMembers)).toEqual([
      ['2025-01-01', 4],
      ['2025-02-01', 1],
      ['2025-03-01', 0],
    ]);
    expect(values(after.series.cancellations)).toEqual([
      ['2025-01-01', 0],
      ['2025-02-01', 1],
      ['2025-03-01', 1],
    ]);
    expect(after.churnByMonth).toEqual([
      { month: '2025-01', rate: null },
      { month: '2025-02', rate: 0.5 },
      { month: '2025-03', rate: 1 },
    ]);
    // January's cohort: D still paid at the end of February (kept), not at the end of March and after (taken again).
    expect(after.cohorts[0]).toEqual({ month: '2025-01', size: 4, retained: [1, 0, 0, 0] });
    // F bought on 30 December 2024 but the events arrive now: F joins December's cohort, not January's.
    await deliver(event('Purchase_Order_Confirmed', 'f@example.com', '2024-12-30T12:00:00Z'));
    await deliver(event('Subscription_Expired', 'f@example.com', '2025-02-15T12:00:00Z'));
    const later = (await get('/api/admin/metrics?from=2024-12-01&to=2025-03-31&interval=month')).json();
    expect(later.cohorts.slice(0, 2)).toEqual([
      { month: '2024-12', size: 1, retained: [1, 0, 0, 0] },
      { month: '2025-01', size: 4, retained: [1, 0, 0, 0] },
    ]);
    expect(values(later.series.payingMembers)).toEqual([
      ['2024-12-01', 1],
      ['2025-01-01', 5],
      ['2025-02-01', 1],
      ['2025-03-01', 0],
    ]);
  });

  it('rollups kept event by event equal the rollups built again from every event', async () => {
    const url = '/api/admin/metrics?from=2024-12-01&to=2025-06-30&interval=day';
    const kept = (await get(url)).json();
    await t.db.execute(sql`truncate metrics_days, metrics_buyers, metrics_cohort_points`);
    await t.db.execute(sql`update membership_events set pending = true`);
    const rebuilt = (await get(url)).json();
    expect(rebuilt).toEqual(kept);
    expect(kept.series.payingMembers.some((p: { value: number }) => p.value > 0)).toBe(true);
  });

  it('dates a cancellation by its CanceledDate and an expiry by its ExpiredDate, not by when it was sent', async () => {
    await deliver(event('Purchase_Order_Confirmed', 'h@example.com', '2025-05-01T12:00:00Z'));
    await deliver(
      event('Subscription_Canceled', 'h@example.com', '2025-06-02T12:00:00Z', {
        subscription: { Id: 'sub-h', CanceledDate: '2025-05-10T12:00:00Z' },
      }),
    );
    await deliver(event('Purchase_Order_Confirmed', 'i@example.com', '2025-05-02T12:00:00Z'));
    // 23:00 UTC on 30 June is still June in São Paulo; the event was sent at 00:30 on 1 July there.
    await deliver(
      event('Subscription_Expired', 'i@example.com', '2025-07-01T03:30:00Z', {
        subscription: { Id: 'sub-i', ExpiredDate: '2025-06-30T23:00:00Z' },
      }),
    );
    const body = (await get('/api/admin/metrics?from=2025-05-01&to=2025-07-31&interval=month')).json();
    expect(values(body.series.cancellations)).toEqual([
      ['2025-05-01', 1],
      ['2025-06-01', 0],
      ['2025-07-01', 0],
    ]);
    expect(values(body.series.expiries)).toEqual([
      ['2025-05-01', 0],
      ['2025-06-01', 1],
      ['2025-07-01', 0],
    ]);
  });

  it('two instances folding the same new events at once count each event once', async () => {
    const second = createDatabase(t.config.DATABASE_URL!, { max: 4 });
    try {
      for (let i = 0; i < 6; i++) {
        await deliver(event('Purchase_Order_Confirmed', `g${i}@example.com`, `2025-04-0${1 + i}T12:00:00Z`));
      }
      await deliver(event('Payment_Chargeback', 'g0@example.com', '2025-04-20T12:00:00Z'));
      const query = { from: '2025-04-01', to: '2025-04-30', interval: 'month' as const };
      const prices = { PLAN_MENSAL_PRICE: 9700, PLAN_SEMESTRAL_PRICE: 49700 };
      const answers = await Promise.all([
        getAdminMetrics(t.db, prices, query),
        getAdminMetrics(second.db, prices, query),
        getAdminMetrics(t.db, prices, query),
        getAdminMetrics(second.db, prices, query),
      ]);
      for (const answer of answers) {
        expect(values(answer.series.newPurchases)).toEqual([['2025-04-01', 6]]);
        expect(values(answer.series.refunds)).toEqual([['2025-04-01', 1]]);
        expect(values(answer.series.payingMembers)).toEqual([['2025-04-01', 5]]);
      }
    } finally {
      await second.close();
    }
  });

  it('answers bad input with Portuguese 400s and members with 403', async () => {
    const cases: Array<[string, string]> = [
      ['from=2025-02-01&to=2025-01-01', 'A data inicial deve ser anterior ou igual à data final.'],
      ['from=2020-01-01&to=2025-01-01', 'O período pode ter no máximo 3 anos.'],
      ['interval=week', 'Intervalo inválido: use day ou month.'],
      ['from=2025-02-30', 'Data inválida: use AAAA-MM-DD.'],
      ['to=01/02/2025', 'Data inválida: use AAAA-MM-DD.'],
      [`to=${addDays(saoPauloDay(), 1)}`, 'A data final não pode ser depois de hoje.'],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/admin/metrics?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await get('/api/admin/metrics', member)).statusCode).toBe(403);
  });
});

describe('the background warm-up', () => {
  it('two instances warming at once fold each new event once, and leave nothing for the next run', async () => {
    const second = createDatabase(t.config.DATABASE_URL!, { max: 4 });
    try {
      for (let i = 0; i < 4; i++) {
        await deliver(event('Purchase_Order_Confirmed', `w${i}@example.com`, `2025-08-0${1 + i}T12:00:00Z`));
      }
      const pending = sql`select count(*)::int as n from membership_events where pending`;
      expect((await t.db.execute<{ n: number }>(pending)).rows[0]!.n).toBe(4);
      const did = await Promise.all([warmMetricsRollups(t.db), warmMetricsRollups(second.db)]);
      expect(did).toContain(true);
      expect((await t.db.execute<{ n: number }>(pending)).rows[0]!.n).toBe(0);
      const { rows } = await t.db.execute<{ days: number; facts: number }>(sql`
        select (select sum(purchases)::int from metrics_days) as days,
          (select count(*)::int from membership_events where kind = 'purchase_order_confirmed') as facts`);
      expect(rows[0]!.days).toBe(rows[0]!.facts);
      expect(await warmMetricsRollups(t.db)).toBe(false);
      const august = (await get('/api/admin/metrics?from=2025-08-01&to=2025-08-31&interval=month')).json();
      expect(values(august.series.newPurchases)).toEqual([['2025-08-01', 4]]);
    } finally {
      await second.close();
    }
  });
});
