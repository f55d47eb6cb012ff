/**
 * Mixed member workload (issue #12, point 8), measured on the server as users run it (see bench-kit.ts).
 * 10,000 offers (5% hidden), 1,000 members (likes, favourites, votes, notifications), 50 of them signed in;
 * 200 connections for 60 s (BENCH_SECONDS, BENCH_CONNECTIONS), each a closed loop of:
 *   40% catalogue pages (filters, sorts, search, paging)   15% offer detail        10% like toggles
 *    5% favourites (add/remove, and the Favoritos tab)     20% notification bell   10% current user
 * Prints req/s, errors and p50/p90/p99 per route; afterwards checks every like counter against COUNT(*) of its
 * rows, every member's points against the sum they should be, and the likes and favourites this run left
 * against what the server answered, and the server process's CPU time per request (what the server costs, steadier
 * than req/s on a shared machine). Target (issue #36): >= 2,000 req/s, p99 < 250 ms, nothing over 1 s, 0 errors.
 *
 * Per-route latency needs to know which request a response answers, which autocannon's hooks do not give:
 * the load generator is a closed loop on an undici Pool (one request in flight per connection), in this
 * process, never in the server's.
 */
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { buildApp, connect, cpuSeconds, machineLine, openSessions, run, startServer } from './bench-kit';
import { OFFERS, seedCatalogue } from './catalogue-seed';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const SIGNED_IN = 50;

const NICHES = ['Emagrecimento', 'Espiritualidade', 'Renda Extra', 'Saúde', 'Fitness', 'Beleza', 'Outros'];
const SORTS = ['recent', 'recent', 'likes', 'roas', 'ads', 'oldest'];
const SEARCHES = ['detox', 'renda', 'fé', 'glow', 'segredo', 'treino', 'max', 'pro', 'oração', 'pele'];
const STATUSES = ['validando', 'pre-escala', 'escalando'];
const FORMATS = ['VSL', 'Quiz', 'WhatsApp'];
const TICKETS = ['ate-50', '50-100', '100-200', '200-500', 'acima-500'];

/** A deterministic random stream per connection (reproducible runs). */
function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}
const pick = <T>(r: () => number, list: readonly T[]) => list[Math.floor(r() * list.length)]!;

function cataloguePath(r: () => number): string {
  const q = new URLSearchParams();
  const sort = pick(r, SORTS);
  if (sort !== 'recent') q.set('sort', sort);
  if (r() < 0.35) q.set('niche', pick(r, NICHES));
  if (r() < 0.2) q.set('status', pick(r, STATUSES));
  if (r() < 0.15) q.set('format', pick(r, FORMATS));
  if (r() < 0.15) q.set('ticket', pick(r, TICKETS));
  if (r() < 0.2) q.set('search', pick(r, SEARCHES));
  const p = r();
  const page = p < 0.6 ? 1 : p < 0.9 ? 2 + Math.floor(r() * 4) : 6 + Math.floor(r() * 15);
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return s ? `/api/offers?${s}` : '/api/offers';
}

/** A visible offer (the seed hides every 20th). */
const visibleOffer = (g: number) => `bench-${g % 20 === 0 ? g - 1 : g}`;

type Route = 'catálogo' | 'detalhe' | 'curtir' | 'favoritos' | 'sino' | 'usuário';

interface Stats {
  /** Every latency in ms (a 60 s run is tens of thousands of numbers). */
  latencies: number[];
  n: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

run(async (cleanup) => {
  const machine = machineLine();
  buildApp();
  const server = await startServer('misto');
  cleanup(server.stop);
  const db = await connect(server.databaseUrl);
  cleanup(() => db.end());
  const started = Date.now();
  const seeded = await seedCatalogue(db);
  const seedSeconds = (Date.now() - started) / 1000;
  const members = await db.query<{ id: string }>(
    `select id from users where email like 'membro%@bench.test' order by unique_id limit ${SIGNED_IN}`,
  );
  const cookies = await openSessions(
    db,
    members.rows.map((m) => m.id),
  );
  await db.query('analyze');

  const origin = new URL(server.base).origin;
  const pool = new Pool(server.base, { connections: CONNECTIONS, pipelining: 1 });
  cleanup(() => pool.close());
  const stats = new Map<Route, Stats>();
  const statsOf = (route: Route) => {
    let s = stats.get(route);
    if (!s) {
      s = { latencies: [], n: 0, errors: 0 };
      stats.set(route, s);
    }
    return s;
  };
  const errorSamples: string[] = [];
  /** What the server answered last for the (member, offer) pairs this run touched. */
  const likedState = new Map<string, boolean>();
  const favoriteState = new Map<string, boolean>();

  async function call(route: Route, method: string, path: string, cookie: string, body?: unknown) {
    const t0 = performance.now();
    let status = 0;
    let text = '';
    try {
      const res = await pool.request({
        method: method as 'GET',
        path,
        headers: {
          cookie,
          'accept-encoding': 'gzip',
          ...(body === undefined ? {} : { 'content-type': 'application/json', origin }),
          ...(method !== 'GET' && body === undefined ? { origin } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      status = res.statusCode;
      text = await res.body.text();
    } catch (error) {
      text = (error as Error).message;
    }
    const s = statsOf(route);
    s.latencies.push(performance.now() - t0);
    s.n++;
    const expected = route === 'favoritos' ? [200, 201, 404, 409] : [200];
    if (!expected.includes(status)) {
      s.errors++;
      if (errorSamples.length < 5) errorSamples.push(`${method} ${path} -> ${status} ${text.slice(0, 120)}`);
    }
    return { status, text };
  }

  let stopAt = 0;
  /**
   * One connection: a fixed member; its likes and favourites only touch offers no other connection of the same
   * member touches, so the last answer for a pair is its final state.
   */
  async function loop(c: number) {
    const r = rng(c * 7919 + 17);
    const member = c % SIGNED_IN;
    const cookie = cookies[member]!;
    const lane = Math.floor(c / SIGNED_IN);
    const lanes = Math.ceil(CONNECTIONS / SIGNED_IN);
    // Offers whose index is this lane modulo the lanes, visible ones only (the seed hides every 20th).
    const ownOffer = () => {
      let g = lane + lanes * (1 + Math.floor(r() * (Math.floor(OFFERS / lanes) - 2)));
      if (g % 20 === 0) g += lanes;
      return `bench-${g}`;
    };
    while (performance.now() < stopAt) {
      const x = r() * 100;
      if (x < 40) await call('catálogo', 'GET', cataloguePath(r), cookie);
      else if (x < 55)
        await call('detalhe', 'GET', `/api/offers/${visibleOffer(1 + Math.floor(r() * OFFERS))}`, cookie);
      else if (x < 65) {
        const offer = ownOffer();
        const res = await call('curtir', 'POST', `/api/offers/${offer}/like`, cookie);
        if (res.status === 200) likedState.set(`${member}|${offer}`, JSON.parse(res.text).liked);
      } else if (x < 70) {
        if (r() < 0.5) await call('favoritos', 'GET', '/api/offers?favorites=1', cookie);
        else {
          const offer = ownOffer();
          const key = `${member}|${offer}`;
          if (favoriteState.get(key)) {
            const res = await call('favoritos', 'DELETE', `/api/favorites/${offer}`, cookie);
            if (res.status === 200 || res.status === 404) favoriteState.set(key, false);
          } else {
            const res = await call('favoritos', 'POST', '/api/favorites', cookie, { offerId: offer });
            if (res.status === 201 || res.status === 409) favoriteState.set(key, true);
          }
        }
      } else if (x < 90) await call('sino', 'GET', '/api/notifications/unread-count', cookie);
      else await call('usuário', 'GET', '/api/auth/user', cookie);
    }
  }

  // Warm-up (5 s, not counted), then the measured run.
  stopAt = performance.now() + 5000;
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, c) => loop(c)));
  stats.clear();
  errorSamples.length = 0;
  const cpuBefore = await cpuSeconds(server.pid);
  const t0 = performance.now();
  stopAt = t0 + SECONDS * 1000;
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, c) => loop(c)));
  const elapsed = (performance.now() - t0) / 1000;
  const cpuAfter = await cpuSeconds(server.pid);

  // Exactness: counters against their rows, points against the expected sum, this run's pairs against the answers.
  const checks = await db.query<Record<string, number>>(`
    select
      (select count(*) from offers o
        where o.like_count <> (select count(*) from offer_likes l where l.offer_id = o.id))::int as bad_like_counts,
      (select count(*) from users u
        where u.points <> (select count(*) from offer_likes l join offers o on o.id = l.offer_id
                           where o.user_id = u.id and l.user_id <> u.id))::int as bad_points,
      (select count(*) from offer_likes)::int as likes, (select count(*) from favorites)::int as favorites`);
  const memberIds = members.rows.map((m) => m.id);
  const pairs = async (table: string, state: Map<string, boolean>) => {
    const rows = await db.query<{ user_id: string; offer_id: string }>(
      `select user_id, offer_id from ${table} where user_id = any($1::uuid[])`,
      [memberIds],
    );
    const present = new Set(rows.rows.map((row) => `${memberIds.indexOf(row.user_id)}|${row.offer_id}`));
    let wrong = 0;
    for (const [key, on] of state) if (present.has(key) !== on) wrong++;
    return wrong;
  };
  const wrongLikes = await pairs('offer_likes', likedState);
  const wrongFavorites = await pairs('favorites', favoriteState);

  let total = 0;
  let errors = 0;
  const all: number[] = [];
  for (const s of stats.values()) {
    total += s.n;
    errors += s.errors;
    s.latencies.sort((a, b) => a - b);
    all.push(...s.latencies);
  }
  all.sort((a, b) => a - b);
  const ms = (sorted: number[], p: number) => percentile(sorted, p).toFixed(1);
  const rps = total / elapsed;
  const c = checks.rows[0]!;
  console.log(`\nCarga mista de membros — ${CONNECTIONS} conexões, ${SECONDS} s, ${machine}`);
  console.log(
    `  dados: ${seeded.offers} ofertas (${seeded.hidden} ocultas), ${seeded.members} membros (${SIGNED_IN} com sessão), ` +
      `${seeded.likes} curtidas, ${seeded.favorites} favoritos, ${seeded.votes} votos (semeados em ${seedSeconds.toFixed(1)} s)`,
  );
  console.log('  rota                  parte     req/s   erros    p50 ms   p90 ms   p99 ms   máx ms');
  for (const [route, s] of [...stats.entries()].sort((a, b) => b[1].n - a[1].n)) {
    console.log(
      `  ${route.padEnd(20)} ${((s.n / total) * 100).toFixed(0).padStart(4)}% ${(s.n / elapsed).toFixed(0).padStart(9)} ` +
        `${String(s.errors).padStart(7)} ${ms(s.latencies, 50).padStart(9)} ${ms(s.latencies, 90).padStart(8)} ${ms(s.latencies, 99).padStart(8)} ${ms(s.latencies, 100).padStart(8)}`,
    );
  }
  console.log(
    `  TOTAL                       ${rps.toFixed(0).padStart(9)} ${String(errors).padStart(7)} ` +
      `${ms(all, 50).padStart(9)} ${ms(all, 90).padStart(8)} ${ms(all, 99).padStart(8)} ${ms(all, 100).padStart(8)}`,
  );
  const p99 = percentile(all, 99);
  const max = percentile(all, 100);
  const cpu = cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system;
  console.log(
    `  CPU do servidor: ${((cpu / total) * 1e6).toFixed(0)} µs por requisição ` +
      `(${((cpu / elapsed) * 100).toFixed(0)}% de um núcleo; ${(((cpuAfter.system - cpuBefore.system) / cpu) * 100).toFixed(0)}% no kernel)`,
  );
  const met = rps >= 2000 && p99 < 250 && max <= 1000 && errors === 0;
  console.log(
    `  meta >= 2.000 req/s, p99 < 250 ms, nenhuma acima de 1 s, 0 erros: ${met ? 'OK' : 'NÃO ATINGIDA'}`,
  );
  console.log(
    `  exatidão: ${c.bad_like_counts} contadores de curtidas errados, ${c.bad_points} pontuações erradas, ` +
      `${wrongLikes} curtidas e ${wrongFavorites} favoritos diferentes do que o servidor respondeu ` +
      `(${likedState.size} pares curtidos e ${favoriteState.size} favoritados nesta rodada; ${c.likes} curtidas, ${c.favorites} favoritos no banco)`,
  );
  for (const sample of errorSamples) console.log(`  erro: ${sample}`);
  if (c.bad_like_counts || c.bad_points || wrongLikes || wrongFavorites) {
    throw new Error('contadores, pontos ou favoritos inexatos depois da carga');
  }
});
