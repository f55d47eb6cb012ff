/**
 * The administrator's Usuários tab at 50,000 members (issue #23): GET /api/admin/users searched, filtered, sorted and
 * paged in SQL, against the built server as users run it (bench-kit). One administrator, two requests at a time, a
 * mix of what the tab asks for (first pages, a later page, searches by name and e-mail, plan, status, the active-time
 * range, oldest first). Prints p50/p95/p99 per kind and overall. Target: p95 under 50 ms.
 *
 *   npx tsx bench/admin-users-bench.ts     (BENCH_SKIP_BUILD=1 when dist/ is current; BENCH_MEMBERS=50000)
 */
import { buildApp, connect, machineLine, openSessions, run, startServer } from './bench-kit';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);

const QUERIES: Array<[string, string]> = [
  ['primeira página', ''],
  ['página 40', '?page=40'],
  ['mais antigos', '?sort=oldest'],
  ['busca por nome', '?search=silva'],
  ['busca por e-mail', '?search=membro4321'],
  ['busca sem resultado', '?search=ninguem-com-este-nome'],
  ['plano semestral', '?plan=semestral'],
  ['cancelados', '?status=Cancelado'],
  ['tempo ativo 30-90 dias', '?minDays=30&maxDays=90'],
  ['tudo junto', '?search=santos&plan=mensal&status=Ativo&minDays=10&maxDays=400&page=2'],
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

run(async (cleanup) => {
  const machine = machineLine();
  if (!process.env.BENCH_SKIP_BUILD) buildApp();
  const server = await startServer('admin-users');
  cleanup(server.stop);
  const db = await connect(server.databaseUrl);
  const seeded = Date.now();
  await db.query(
    `insert into users (name, email, password_hash, plan_type, unique_id, status, status_changed_at, email_verified, created_at)
     select
       (array['Ana','Bruno','Carla','Davi','Eva','Fábio','Gabi','Hugo'])[1 + i % 8] || ' ' ||
         (array['Silva','Santos','Souza','Lima','Costa','Pereira','Almeida','Nogueira'])[1 + (i / 8) % 8] || ' ' || i,
       'membro' || i || '@bench.test',
       'scrypt$bench',
       case when i % 3 = 0 then 'Mentoria Semestral' else 'Mentoria Mensal' end,
       lpad(((i * 7919) % 900000 + 100000)::text, 6, '0'),
       case when i % 10 = 0 then 'Cancelado' else 'Ativo' end,
       case when i % 4 = 0 then now() - (i % 200) * interval '1 day' else null end,
       true,
       now() - (i % 720) * interval '1 day' - (i % 86400) * interval '1 second'
     from generate_series(1, $1::int) as i
     on conflict do nothing`,
    [MEMBERS],
  );
  await db.query('analyze users');
  const admin = await db.query<{ id: string }>(`select id from users where role = 'admin' limit 1`);
  const [cookie] = await openSessions(db, [admin.rows[0]!.id]);
  const total = await db.query<{ n: number }>('select count(*)::int as n from users');
  await db.end();
  const seedSeconds = (Date.now() - seeded) / 1000;

  const times = new Map<string, number[]>(QUERIES.map(([name]) => [name, []]));
  const all: number[] = [];
  let cursor = 0;
  const worker = async () => {
    for (;;) {
      const index = cursor++;
      if (index >= ROUNDS * QUERIES.length) return;
      const [name, query] = QUERIES[index % QUERIES.length]!;
      const started = performance.now();
      const res = await fetch(`${server.base}/api/admin/users${query}`, { headers: { cookie: cookie! } });
      await res.arrayBuffer();
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`${query}: ${res.status}`);
      // The first round warms the connections and plans.
      if (index >= QUERIES.length * 2) {
        times.get(name)?.push(ms);
        all.push(ms);
      }
    }
  };
  await Promise.all([worker(), worker()]);

  console.log(`\n${machine}`);
  console.log(`${total.rows[0]?.n} usuários (semeados em ${seedSeconds.toFixed(1)} s), 2 pedidos por vez:`);
  for (const [name, list] of times) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(24)} p50 ${percentile(sorted, 0.5).toFixed(1)} ms   p95 ${percentile(sorted, 0.95).toFixed(1)} ms`,
    );
  }
  const sorted = all.sort((a, b) => a - b);
  console.log(
    `  todos: ${sorted.length} pedidos, p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms (meta: p95 < 50 ms)`,
  );
});
