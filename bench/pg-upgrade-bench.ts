/**
 * PostgreSQL 17 -> 18 at start (issue #22): how long the app's own upgrade takes for a club of 5,000 members,
 * 10,000 offers, 50,000 likes and 5,000 balance ledger rows. Builds the 17 folder with the 17 binaries (the npm
 * cache the app uses), then times upgradeClusterIfNeeded step by step, as `npm start` runs it.
 *
 *   npx tsx bench/pg-upgrade-bench.ts     (BENCH_MEMBERS=5000 BENCH_OFFERS=10000 BENCH_LIKES=50000)
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/server/db/embedded';
import { runMigrations } from '../src/server/db/migrate';
import { binariesForMajor, upgradeClusterIfNeeded } from '../src/server/db/upgrade-cluster';
import { machineLine, run } from './bench-kit';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 5_000);
const OFFERS = Number(process.env.BENCH_OFFERS ?? 10_000);
const LIKES = Number(process.env.BENCH_LIKES ?? 50_000);

run(async (cleanup) => {
  const machine = machineLine();
  const root = await mkdtemp(path.join(os.tmpdir(), 'ce-pg-upgrade-bench-'));
  cleanup(() => rm(root, { recursive: true, force: true }));
  const dir = path.join(root, 'data', 'postgres');
  const old = await binariesForMajor(17, (m) => console.log(`[bench] ${m}`));
  const v17 = await startEmbeddedPostgres({ dir, binaries: old });
  try {
    await runMigrations(v17.url);
    const db = new pg.Client({ connectionString: v17.url });
    db.on('error', () => {});
    await db.connect();
    await db.query(
      `insert into users (name, email, password_hash, plan_type, unique_id, email_verified, balance_cents)
       select 'Membro ' || i, 'membro' || i || '@bench.test', 'scrypt$bench',
              case when i % 3 = 0 then 'Mentoria Semestral' else 'Mentoria Mensal' end,
              lpad(((i * 7919) % 900000 + 100000)::text, 6, '0'), true, 1000
         from generate_series(1, $1::int) as i`,
      [MEMBERS],
    );
    await db.query(
      `insert into balance_ledger (user_id, amount_cents, balance_after_cents, reason)
       select id, 1000, 1000, 'trial_credit' from users`,
    );
    await db.query(
      `insert into offers (id, advertiser, ad_text, product_title, status, niche, format, language, ads, roas, ticket_cents)
       select 'oferta-' || i, 'Anunciante ' || (i % 500), repeat('Texto do anúncio ' || i || '. ', 8),
              'Produto ' || i, (array['validando','pre-escala','escalando'])[1 + i % 3],
              (array['Saúde','Finanças','Beleza','Relacionamento'])[1 + i % 4], 'VSL', 'pt-BR',
              i % 90, (i % 700) / 100.0, 4700 + i % 20000
         from generate_series(1, $1::int) as i`,
      [OFFERS],
    );
    await db.query(
      `insert into offer_likes (offer_id, user_id)
       select o.id, u.id
         from (select id, row_number() over (order by id) - 1 as n from offers) o
         cross join generate_series(0, $1::int / $3::int - 1) as g
         join (select id, row_number() over (order by id) - 1 as n from users) u
           on u.n = (o.n * 7 + g) % $2
        limit $1`,
      [LIKES, MEMBERS, OFFERS],
    );
    const counts = await db.query(
      `select (select count(*) from users) as members, (select count(*) from offers) as offers,
              (select count(*) from offer_likes) as likes, (select count(*) from balance_ledger) as ledger,
              pg_size_pretty(pg_database_size(current_database())) as size`,
    );
    console.log(`[bench] clube no PostgreSQL 17: ${JSON.stringify(counts.rows[0])}`);
    await db.end();
  } finally {
    await v17.stop();
  }

  const started = performance.now();
  const events: Array<[number, string]> = [];
  await upgradeClusterIfNeeded({ dir, log: (message) => events.push([performance.now(), message]) });
  const finished = performance.now();
  // Each step with the time it took (until the next step's line).
  const steps = events.map(
    ([at, message], i) => `  ${(((events[i + 1]?.[0] ?? finished) - at) / 1000).toFixed(1)} s  ${message}`,
  );
  const seconds = (finished - started) / 1000;
  const du = (p: string) => execFileSync('du', ['-sh', p], { encoding: 'utf8' }).split('\t')[0];
  console.log(machine);
  console.log(steps.join('\n'));
  console.log(
    `Atualização 17 -> 18: ${seconds.toFixed(1)} s no total (binários 17 já no cache); ` +
      `pasta nova ${du(dir)}, antiga ${du(`${dir}.17.old`)}`,
  );
});
