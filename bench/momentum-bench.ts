/**
 * Momentum benchmark (issue #25): `npm run bench:momentum`. The built server (started as users run it, see
 * bench-kit.ts) with the catalogue seed (10,000 offers, 1,000 members) and a year of daily ad-count points for
 * every offer (3.65 M rows in offer_ad_counts, `generate_series`): a quarter scaling this week, a quarter cooling,
 * the rest steady, 1 in 50 new (points of the last 4 days only). At 20 connections it measures:
 *  - GET /api/offers?momentum=escalando, ?sort=growth, and both with other filters;
 *  - GET /api/offers/{id}/ad-history?days=30 (the card sparkline) and the default 90 days;
 *  - ?sort=growth again while the administrator writes points (BENCH_WRITES_PER_S, default 5 a second, 12 times the
 *    quick update screen's 50 offers in two minutes): history writes must not slow the catalogue for others.
 * BENCH_INDEX_MAX=0 starts the server without the in-memory catalogue index (CATALOGUE_INDEX_MAX_OFFERS=0): the
 * SQL path. Target: p95 under 50 ms; autocannon reports p90 and p97.5: met when p97.5 < 50 ms.
 */
import { buildApp, connect, fmt, machineLine, measure, openSessions, run, startServer } from './bench-kit';
import { seedCatalogue } from './catalogue-seed';

const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const TARGET_MS = 50;
const DAYS = 365;
const WRITES_PER_S = Number(process.env.BENCH_WRITES_PER_S ?? 5);
const INDEX_MAX = process.env.BENCH_INDEX_MAX;

/** A year of daily points per offer, as one INSERT ... SELECT; each offer's count is then its latest point. */
async function seedHistory(db: Awaited<ReturnType<typeof connect>>) {
  const today = `(now() at time zone 'America/Sao_Paulo')::date`;
  await db.query(`
    insert into offer_ad_counts (offer_id, day, ads)
    select o.id, ${today} - d,
      greatest(0, case
        when o.n % 4 = 0 then 20 + o.n % 50 + case when d < 7 then (7 - d) * 12 else 0 end
        when o.n % 4 = 1 then 150 + o.n % 60 - case when d < 7 then (7 - d) * 15 else 0 end
        else 80 + o.n % 90 + (d % 5) end)
    from (select id, substring(id from 7)::int as n from offers) o
    cross join generate_series(0, ${DAYS - 1}) d
    where o.n % 50 <> 0 or d < 4`);
  await db.query(`
    update offers set ads = c.ads from offer_ad_counts c
    where c.offer_id = offers.id and c.day = ${today}`);
  await db.query('vacuum analyze offer_ad_counts');
  await db.query('vacuum analyze offers');
  const { rows } = await db.query<{ points: number }>('select count(*)::int as points from offer_ad_counts');
  return rows[0]!.points;
}

run(async (cleanup) => {
  const machine = machineLine();
  buildApp();
  const server = await startServer(
    'momentum',
    INDEX_MAX === undefined ? {} : { CATALOGUE_INDEX_MAX_OFFERS: INDEX_MAX },
  );
  cleanup(server.stop);
  const db = await connect(server.databaseUrl);
  const started = Date.now();
  const seeded = await seedCatalogue(db);
  const points = await seedHistory(db);
  const seedSeconds = (Date.now() - started) / 1000;
  const member = await db.query<{ id: string }>(`select id from users where email = 'membro1@bench.test'`);
  const admin = await db.query<{ id: string }>(`select id from users where role = 'admin' limit 1`);
  const [memberCookie, adminCookie] = await openSessions(db, [member.rows[0]!.id, admin.rows[0]!.id]);
  await db.end();
  const headers = { cookie: memberCookie! };
  const base = server.base;

  /** The first (cold) answer of a path: on the SQL path, what a page costs before the shared cache holds it. */
  const get = async (path: string) => {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, { headers });
    if (res.status !== 200) throw new Error(`${path} respondeu ${res.status}`);
    const body = (await res.json()) as { items: { id: string }[]; total: number };
    return { ...body, coldMs: performance.now() - t0 };
  };
  const runs: { name: string; path: string; writes?: boolean }[] = [];
  for (const path of [
    '/api/offers?momentum=escalando',
    '/api/offers?sort=growth',
    '/api/offers?momentum=esfriando&niche=Emagrecimento&sort=growth',
    '/api/offers?momentum=escalando&sort=growth&search=power&page=2',
  ]) {
    const page = await get(path);
    runs.push({
      name: `${path} (${page.items.length} de ${page.total}; 1ª resposta, fria: ${page.coldMs.toFixed(0)} ms)`,
      path,
    });
  }
  runs.push({
    name: 'GET /api/offers/bench-2/ad-history?days=30',
    path: '/api/offers/bench-2/ad-history?days=30',
  });
  runs.push({ name: 'GET /api/offers/bench-2/ad-history (90 dias)', path: '/api/offers/bench-2/ad-history' });
  // The same page right before and while points are written: the difference is what the writes cost the readers.
  runs.push({ name: '/api/offers?sort=growth sem gravações (de novo)', path: '/api/offers?sort=growth' });
  runs.push({
    name: `/api/offers?sort=growth com ${WRITES_PER_S} pontos gravados por segundo`,
    path: '/api/offers?sort=growth',
    writes: true,
  });

  // The administrator's point writes (POST /api/admin/offers/{id}/ad-counts), at a steady rate, while measuring.
  let writes = 0;
  let writeErrors = 0;
  const writeMs: number[] = [];
  const startWriter = () => {
    const timer = setInterval(async () => {
      const n = 1 + Math.floor(Math.random() * seeded.offers);
      const t0 = performance.now();
      const res = await fetch(`${base}/api/admin/offers/bench-${n}/ad-counts`, {
        method: 'POST',
        headers: { cookie: adminCookie!, origin: base, 'content-type': 'application/json' },
        body: JSON.stringify({ ads: Math.floor(Math.random() * 400) }),
      }).catch(() => null);
      writeMs.push(performance.now() - t0);
      if (res?.status === 200) writes++;
      else writeErrors++;
    }, 1000 / WRITES_PER_S);
    return () => clearInterval(timer);
  };

  const results = [];
  for (const r of runs) {
    const stop = r.writes ? startWriter() : () => {};
    try {
      results.push({
        ...r,
        m: await measure(`${base}${r.path}`, { connections: CONNECTIONS, seconds: SECONDS, headers }),
      });
    } finally {
      stop();
    }
  }
  writeMs.sort((a, b) => a - b);
  const writeP50 = writeMs[Math.floor(writeMs.length / 2)] ?? 0;
  const writeP95 = writeMs[Math.floor(writeMs.length * 0.95)] ?? 0;

  const path =
    INDEX_MAX === '0' ? 'sem o índice em memória (CATALOGUE_INDEX_MAX_OFFERS=0): SQL' : 'índice em memória';
  console.log(
    `\nBenchmark do momento das ofertas — ${CONNECTIONS} conexões, ${SECONDS} s por rota, ${machine}`,
  );
  console.log(`  servidor: dist/server/main.js, NODE_ENV=production, PostgreSQL embutido próprio; ${path}`);
  console.log(
    `  dados: ${seeded.offers} ofertas (${seeded.hidden} ocultas), ${points} pontos de histórico, ${seeded.members} ` +
      `membros (semeados em ${seedSeconds.toFixed(1)} s)`,
  );
  for (const r of results) {
    const ok = r.m.p97_5 < TARGET_MS;
    console.log(`  ${r.name}`);
    console.log(
      `    ${fmt(r.m)}   (meta p95 < ${TARGET_MS} ms: ${ok ? 'OK, p97.5 abaixo' : 'NÃO ATINGIDA'})`,
    );
  }
  console.log(
    `  gravações de pontos durante a última medida: ${writes} ok, ${writeErrors} falhas; ` +
      `p50 ${writeP50.toFixed(1)} ms, p95 ${writeP95.toFixed(1)} ms`,
  );
});
