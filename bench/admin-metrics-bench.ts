/**
 * The owner's dashboard (issue #28): GET /api/admin/metrics for 365 days, per day and per month, with 50,000 buyers and
 * two years of Lastlink events (a purchase each, monthly renewals while paying, and a third of them ending by
 * cancellation, expiry or refund), an account for each, the days they opened the club (a third of the days while
 * paying) and their tool use, against the built server as users run it (bench-kit). One administrator, requests one
 * after another. Prints the first answer (it builds the rollups from nothing), then p50/p95/max per query with nothing
 * new, and with a new Lastlink event (a renewal, or a late cancellation dated 3 months back) stored before each
 * request. Target: p95 under 200 ms.
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
  // Their accounts, the days they opened the club (every third day while paying, some on others) and tool use.
  await db.query(`
    insert into users (name, email, password_hash, unique_id, email_verified, status, created_at)
    select 'Comprador ' || g, 'comprador' || g || '@bench.test', 'scrypt$bench', lpad(g::text, 6, '0'), true,
      'Ativo', now() - make_interval(days => (g * 7919) % 730)
    from generate_series(1, ${MEMBERS}) g
    on conflict do nothing`);
  await db.query(`
    insert into user_activity_days (user_id, day)
    select u.id, (u.created_at at time zone 'America/Sao_Paulo')::date + d
    from users u, generate_series(0, 729, 3) d
    where u.role <> 'admin' and u.created_at + make_interval(days => d) <= now()
      and (u.created_at + make_interval(days => d) <= u.created_at + interval '400 days' or (hashtext(u.id::text) + d) % 5 = 0)
    on conflict do nothing`);
  await db.query(`
    insert into tool_runs (user_id, tool, created_at)
    select u.id, case when d % 2 = 0 then 'optimizer' else 'validator' end, u.created_at + make_interval(days => d)
    from users u, generate_series(0, 729, 15) d
    where u.role <> 'admin' and u.created_at + make_interval(days => d) <= now()`);
  const activity = (await db.query<{ n: number }>('select count(*)::int as n from user_activity_days'))
    .rows[0]!.n;
  const runs = (await db.query<{ n: number }>('select count(*)::int as n from tool_runs')).rows[0]!.n;
  const events = (await db.query<{ n: number }>('select count(*)::int as n from webhook_events')).rows[0]!.n;
  const seedSeconds = (Date.now() - seeded) / 1000;
  await db.query('analyze');
  const admin = (await db.query<{ id: string }>(`select id from users where role = 'admin' limit 1`)).rows[0]!
    .id;
  const [cookie] = await openSessions(db, [admin]);

  console.log(`\nPainel do dono (issue #28) — ${machine}`);
  console.log('  servidor: dist/server/main.js, NODE_ENV=production, log info, PostgreSQL embutido próprio');
  console.log(
    `  dados: ${MEMBERS.toLocaleString('pt-BR')} compradores com conta, ${events.toLocaleString('pt-BR')} eventos da Lastlink em dois anos, ${activity.toLocaleString('pt-BR')} dias de acesso, ${runs.toLocaleString('pt-BR')} usos de ferramentas (semeados em ${seedSeconds.toFixed(1)} s)`,
  );
  const ask = async (query: string) => {
    const started = performance.now();
    const res = await fetch(`${server.base}/api/admin/metrics${query}`, { headers: { cookie: cookie! } });
    if (res.status !== 200) throw new Error(`${query}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    return performance.now() - started;
  };
  const first = await ask(QUERIES[0]![1]);
  console.log(`  primeira resposta (monta os resumos do zero, uma vez): ${(first / 1000).toFixed(1)} s`);
  // Two years written in a few minutes, then every fact flipped by the first answer: what autovacuum would have
  // cleaned over those two years is cleaned once here (visibility map and statistics included).
  const vacuumed = performance.now();
  await db.query('vacuum analyze');
  console.log(`  vacuum analyze depois da carga: ${((performance.now() - vacuumed) / 1000).toFixed(1)} s`);

  let seq = 0;
  const newEvent = async () => {
    seq += 1;
    const buyer = 1 + ((seq * 7919) % MEMBERS);
    const late = seq % 4 === 0;
    const at = late ? "now() - interval '90 days'" : 'now()';
    await db.query(
      `insert into webhook_events (external_id, event_type, buyer_name, buyer_email, plan_type, raw_data)
       select 'bench-new-' || $1::int, $2::text, 'Comprador', $3::text, 'mentoria-mensal',
         json_build_object('Id', 'bench-new-' || $1::int, 'CreatedAt', ${at},
           'Data', json_build_object('Purchase', json_build_object('PaymentDate', ${at},
             'Price', json_build_object('Value', 97))))::text`,
      [seq, late ? 'Subscription_Canceled' : 'Recurrent_Payment', `comprador${buyer}@bench.test`],
    );
  };

  let worst = 0;
  for (const mode of ['sem evento novo', 'com um evento novo antes de cada pedido'] as const) {
    console.log(`\n  ${mode}:`);
    for (const [name, query] of QUERIES) {
      const times: number[] = [];
      for (let i = 0; i < ROUNDS + 2; i++) {
        if (mode !== 'sem evento novo') await newEvent();
        const took = await ask(query);
        if (i >= 2) times.push(took);
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 0.95);
      worst = Math.max(worst, p95);
      console.log(
        `    ${name}: p50 ${percentile(times, 0.5).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, máx ${times.at(-1)?.toFixed(0)} ms (${ROUNDS} pedidos)`,
      );
    }
  }
  console.log(
    `\n  Meta p95 < ${TARGET_MS} ms: ${worst < TARGET_MS ? 'OK' : `NÃO ATINGIDA (pior p95 ${worst.toFixed(0)} ms)`}`,
  );
});
