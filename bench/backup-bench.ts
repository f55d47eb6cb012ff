/**
 * Backup and restore of a club of 10,000 offers, 5,000 members and 50,000 likes (issue #22), as the owner runs them:
 * the embedded PostgreSQL runs in a data folder (as under `npm start`), `npm run backup` joins it through its port,
 * then `npm run restore` fills a new, empty data folder (starting its own cluster). Prints each time and the file's
 * size, and checks the restored counts.
 *
 *   npm run bench:backup     (BENCH_OFFERS, BENCH_MEMBERS, BENCH_LIKES_PER_MEMBER to change the club's size)
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/server/config';
import { openCommandDatabase } from '../src/server/db/command-database';
import { startEmbeddedPostgres } from '../src/server/db/embedded';
import { runMigrations } from '../src/server/db/migrate';
import { machineLine, ROOT, run } from './bench-kit';

const OFFERS = Number(process.env.BENCH_OFFERS ?? 10_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 5_000);
const LIKES_PER_MEMBER = Number(process.env.BENCH_LIKES_PER_MEMBER ?? 10);

function cli(args: string[], dataDir: string) {
  return new Promise<{ ms: number; stdout: string }>((resolve, reject) => {
    const started = performance.now();
    execFile(
      process.execPath,
      [path.join(ROOT, 'scripts', 'cli.mjs'), ...args],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`${args.join(' ')}: ${stderr || error.message}`))
          : resolve({ ms: performance.now() - started, stdout }),
    );
  });
}

async function counts(url: string) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const { rows } = await db.query<{ offers: number; users: number; likes: number; ledger: number }>(
    `select (select count(*) from offers)::int as offers, (select count(*) from users)::int as users,
            (select count(*) from offer_likes)::int as likes, (select count(*) from balance_ledger)::int as ledger`,
  );
  await db.end();
  return rows[0];
}

run(async (cleanup) => {
  console.log(machineLine());
  const source = await mkdtemp(path.join(os.tmpdir(), 'ce-bench-backup-'));
  const target = await mkdtemp(path.join(os.tmpdir(), 'ce-bench-restore-'));
  cleanup(() => rm(source, { recursive: true, force: true }));
  cleanup(() => rm(target, { recursive: true, force: true }));

  const pgServer = await startEmbeddedPostgres({ dir: path.join(source, 'postgres') });
  cleanup(() => pgServer.stop());
  await runMigrations(pgServer.url);
  const db = new pg.Client({ connectionString: pgServer.url });
  await db.connect();
  const seeded = performance.now();
  await db.query(
    `insert into users (name, email, password_hash, unique_id, email_verified, status, balance_cents)
     select 'Membro ' || g, 'membro' || g || '@bench.test', 'scrypt$bench', lpad(g::text, 6, '0'), true, 'Ativo', 300
     from generate_series(1, $1::int) g`,
    [MEMBERS],
  );
  await db.query(
    `insert into balance_ledger (user_id, amount_cents, balance_after_cents, reason, reference)
     select id, 300, 300, 'trial_credit', 'bench' from users`,
  );
  await db.query(
    `with m as (select id, row_number() over (order by unique_id) as n from users)
     insert into offers (id, user_id, advertiser, creative, creative_type, ad_text, product_title, status, niche,
                         format, language, ads, roas, ticket_cents, links, visible)
     select 'bench-' || g, case when g % 3 = 0 then (select id from m where m.n = 1 + g % $2::int) end,
       'Anunciante ' || (g % 400), '/uploads/creatives/' || md5(g::text) || '.jpg', 'image',
       'Descubra o método que mudou tudo #' || g, 'Produto ' || g,
       (array['validando','pre-escala','escalando'])[1 + g % 3], 'Saúde', 'VSL', 'Português',
       (g * 37) % 320, ((g * 13) % 900) / 100.0, ((g * 7919) % 90000) + 990,
       '{"site":"https://exemplo.com/s/' || g || '"}', true
     from generate_series(1, $1::int) g`,
    [OFFERS, MEMBERS],
  );
  await db.query(
    `with m as (select id, row_number() over (order by unique_id) as n from users)
     insert into offer_likes (offer_id, user_id)
     select 'bench-' || (1 + (m.n * 7919 + k * 4729) % $1::int), m.id
     from m cross join generate_series(0, $2::int - 1) k
     on conflict do nothing`,
    [OFFERS, LIKES_PER_MEMBER],
  );
  await db.end();
  const before = await counts(pgServer.url);
  console.log(
    `clube: ${before?.offers} ofertas, ${before?.users} membros, ${before?.likes} curtidas, ` +
      `${before?.ledger} lançamentos de saldo (semeado em ${((performance.now() - seeded) / 1000).toFixed(1)} s)`,
  );

  // The first command may build dist/server/cli.js: not part of the measure.
  await cli(['admin', 'reset-password', 'membro1@bench.test'], source);
  const backup = await cli(['backup'], source);
  const file = backup.stdout.trim().split('\n').at(-1) as string;
  const size = (await stat(file)).size;
  console.log(
    `backup (npm run backup, app's cluster running): ${(backup.ms / 1000).toFixed(2)} s, ` +
      `arquivo ${(size / 1024 / 1024).toFixed(2)} MB`,
  );
  const restore = await cli(['restore', file], target);
  console.log(
    `restore (npm run restore into an empty data folder, cluster created by the command): ${(restore.ms / 1000).toFixed(2)} s`,
  );
  const handle = await openCommandDatabase(loadConfig({ DATA_DIR: target, DATABASE_URL: '' }));
  const after = await counts(handle.url);
  await handle.close();
  if (JSON.stringify(after) !== JSON.stringify(before)) {
    throw new Error(`restored counts differ: ${JSON.stringify(after)} != ${JSON.stringify(before)}`);
  }
  console.log('restaurado: as mesmas contagens de ofertas, membros, curtidas e lançamentos.');
});
