/**
 * The owner's dashboard (issue #28): GET /api/admin/metrics for 365 days, per day and per month, with 50,000 buyers and
 * two years of Lastlink events (a purchase each, monthly renewals while paying, and a third of them ending by
 * cancellation, expiry or refund), against the built server as users run it (bench-kit). One administrator, requests
 * one after another. Prints p50/p95/max per query. Target: p95 under 200 ms.
 *
 *   npm run bench:metrics     (BENCH_SKIP_BUILD=1 when dist/ is current; BENCH_MEMBERS=50000; BENCH_ROUNDS=20)
 */
import { buildApp, connect, machineLine, openSessions, run, startServer } from './bench-kit';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const TARGET_MS = 200;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const QUERIES: Array<[string, string]> = [
  ['365 dias por dia', `?from=${day(-364)}&to=${day(0)}&interval=day`],
  ['365 dias por mês', `?from=${day(-364)}&to=${day(0)}&interval=month`],
  ['30 dias por dia (o padrão)', ''],
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

run(async (cleanup) => {
  const machine = machineLine();
  if (!process.env.BENCH_SKIP_BUILD) buildApp();
  const server = await startServer('admin-metrics');
  cleanup(server.stop);
  const db = await connect(server.databaseUrl);
  cleanup(() => db.end());
  const seeded = Date.now();
  // Each buyer: a first purchase on a day of the last two years, renewals every 30 days while paying; one in three
  // ends (cancelled, expired or refunded) after 1 to 12 renewals. The payload carries PaymentDate / CreatedAt and the
  // price, as the Lastlink's does.
  await db.query(`
    with buyers as (
      select g, 'comprador' || g || '@bench.test' as email,
        now() - make_interval(days => (g * 7919) % 730) as first_at,
        case when g % 3 = 0 then 1 + (g % 12) else null end as renewals_before_end,
        case when g % 5 = 0 then 'mentoria-semestral' else 'mentoria-mensal' end as plan
      from generate_series(1, ${MEMBERS}) g
    ),
    payments as (
      select b.*, r, b.first_at + make_interval(days => 30 * r) as at
      from buyers b, generate_series(0, 24) r
      where b.first_at + make_interval(days => 30 * r) <= now()
        and (b.renewals_before_end is null or r <= b.renewals_before_end)
    )
    insert into webhook_events (external_id, event_type, buyer_name, buyer_email, plan_type, raw_data, received_at)
    select 'pay-' || g || '-' || r,
      case when r = 0 then 'Purchase_Order_Confirmed' else 'Recurrent_Payment' end,
      'Comprador ' || g, email, plan,
      json_build_object('Id', 'pay-' || g || '-' || r, 'CreatedAt', at,
        'Data', json_build_object('Buyer', json_build_object('Email', email),
          'Purchase', json_build_object('PaymentDate', at,
            'Price', json_build_object('Value', case plan when 'mentoria-semestral' then 497 else 97 end))))::text,
      at
    from payments`);
  await db.query(`
    with buyers as (
      select g, 'comprador' || g || '@bench.test' as email,
        now() - make_interval(days => (g * 7919) % 730) as first_at,
        1 + (g % 12) as renewals_before_end,
        case when g % 5 = 0 then 'mentoria-semestral' else 'mentoria-mensal' end as plan
      from generate_series(1, ${MEMBERS}) g where g % 3 = 0
    )
    insert into webhook_events (external_id, event_type, buyer_name, buyer_email, plan_type, raw_data, received_at)
    select 'end-' || g,
      (array['Subscription_Canceled', 'Subscription_Expired', 'Payment_Refund'])[1 + g % 3],
      'Comprador ' || g, email, plan,
      json_build_object('Id', 'end-' || g, 'CreatedAt', first_at + make_interval(days => 30 * renewals_before_end + 10),
        'Data', json_build_object('Buyer', json_build_object('Email', email)))::text,
      first_at + make_interval(days => 30 * renewals_before_end + 10)
    from buyers where first_at + make_interval(days => 30 * renewals_before_end + 10) <= now()`);
  const events = (await db.query<{ n: number }>('select count(*)::int as n from webhook_events')).rows[0]!.n;
  const seedSeconds = (Date.now() - seeded) / 1000;
  await db.query('analyze');
  const admin = (await db.query<{ id: string }>(`select id from users where role = 'admin' limit 1`)).rows[0]!
    .id;
  const [cookie] = await openSessions(db, [admin]);

  console.log(`\nPainel do dono (issue #28) — ${machine}`);
  console.log('  servidor: dist/server/main.js, NODE_ENV=production, log info, PostgreSQL embutido próprio');
  console.log(
    `  dados: ${MEMBERS.toLocaleString('pt-BR')} compradores, ${events.toLocaleString('pt-BR')} eventos da Lastlink em dois anos (semeados em ${seedSeconds.toFixed(1)} s)`,
  );
  let worst = 0;
  for (const [name, query] of QUERIES) {
    const times: number[] = [];
    for (let i = 0; i < ROUNDS + 2; i++) {
      const started = performance.now();
      const res = await fetch(`${server.base}/api/admin/metrics${query}`, { headers: { cookie: cookie! } });
      if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      if (i >= 2) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 0.95);
    worst = Math.max(worst, p95);
    console.log(
      `  ${name}: p50 ${percentile(times, 0.5).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, máx ${times.at(-1)?.toFixed(0)} ms (${ROUNDS} pedidos)`,
    );
  }
  console.log(
    `\n  Meta p95 < ${TARGET_MS} ms: ${worst < TARGET_MS ? 'OK' : `NÃO ATINGIDA (pior p95 ${worst.toFixed(0)} ms)`}`,
  );
});
