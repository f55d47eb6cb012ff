/**
 * Backup and restore of a club of 10,000 offers, 5,000 members and 50,000 likes (issue #22), as the owner runs them:
 * the embedded PostgreSQL runs in a data folder (as under `npm start`), `npm run backup` joins it through its port,
 * then `npm run restore` fills a new, empty data folder (starting its own cluster); once plain and once encrypted
 * (BACKUP_PASSPHRASE). Prints each time and the file's size, and checks the restored counts.
 *
 *   npm run bench:backup     (BENCH_OFFERS, BENCH_MEMBERS, BENCH_LIKES_PER_MEMBER to change the club's size)
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/server/config';
import { openCommandDatabase } from '../src/server/db/command-database';
import { startEmbeddedPostgres } from '../src/server/db/embedded';
import { runMigrations } from '../src/server/db/migrate';
import {
  decryptingStream,
  encryptingStream,
  HEADER_LENGTH,
} from '../src/server/modules/backup/backup-crypto';
import { machineLine, ROOT, run } from './bench-kit';

const OFFERS = Number(process.env.BENCH_OFFERS ?? 10_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 5_000);
const LIKES_PER_MEMBER = Number(process.env.BENCH_LIKES_PER_MEMBER ?? 10);

/** The passphrase of the encrypted case (BACKUP_PASSPHRASE: AES-256-GCM in 64 KiB chunks, scrypt key). */
const PASSPHRASE = 'frase-senha do bench de backup';

function cli(args: string[], dataDir: string, env: Record<string, string> = {}) {
  return new Promise<{ ms: number; stdout: string }>((resolve, reject) => {
    const started = performance.now();
    execFile(
      process.execPath,
      [path.join(ROOT, 'scripts', 'cli.mjs'), ...args],
      {
        env: { ...process.env, BACKUP_PASSPHRASE: '', DATA_DIR: dataDir, DATABASE_URL: '', ...env },
        maxBuffer: 16 * 1024 * 1024,
      },
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
  cleanup(() => rm(source, { recursive: true, force: true }));

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
  for (const encrypted of [false, true]) {
    const env: Record<string, string> = encrypted ? { BACKUP_PASSPHRASE: PASSPHRASE } : {};
    const label = encrypted ? 'cifrado (BACKUP_PASSPHRASE)' : 'sem cifra';
    const backup = await cli(['backup'], source, env);
    const file = backup.stdout.trim().split('\n').at(-1) as string;
    const size = (await stat(file)).size;
    console.log(
      `backup ${label} (npm run backup, app's cluster running): ${(backup.ms / 1000).toFixed(2)} s, ` +
        `arquivo ${(size / 1024 / 1024).toFixed(2)} MB (${path.basename(file)})`,
    );
    const into = await mkdtemp(path.join(os.tmpdir(), 'ce-bench-restore-'));
    cleanup(() => rm(into, { recursive: true, force: true }));
    const restore = await cli(['restore', file], into, env);
    console.log(
      `restore ${label} (npm run restore into an empty data folder, cluster created by the command): ${(restore.ms / 1000).toFixed(2)} s`,
    );
    const handle = await openCommandDatabase(loadConfig({ DATA_DIR: into, DATABASE_URL: '' }));
    const after = await counts(handle.url);
    await handle.close();
    if (JSON.stringify(after) !== JSON.stringify(before)) {
      throw new Error(`restored counts differ: ${JSON.stringify(after)} != ${JSON.stringify(before)}`);
    }
  }
  console.log('restaurado (os dois): as mesmas contagens de ofertas, membros, curtidas e lançamentos.');

  // The cipher alone, in this process: the key derivation once, then 256 MiB through each way.
  const plain = randomBytes(4 * 1024 * 1024);
  const rounds = 64;
  let started = performance.now();
  const encrypt = await encryptingStream(PASSPHRASE);
  const scryptMs = performance.now() - started;
  const sealed: Buffer[] = [];
  encrypt.on('data', (chunk: Buffer) => sealed.push(chunk));
  started = performance.now();
  for (let i = 0; i < rounds; i++) if (!encrypt.write(plain)) await once(encrypt, 'drain');
  encrypt.end();
  await once(encrypt, 'end');
  const encryptMs = performance.now() - started;
  const whole = Buffer.concat(sealed);
  const decrypt = await decryptingStream(whole.subarray(0, HEADER_LENGTH), PASSPHRASE);
  let out = 0;
  decrypt.on('data', (chunk: Buffer) => {
    out += chunk.length;
  });
  started = performance.now();
  decrypt.end(whole.subarray(HEADER_LENGTH));
  await once(decrypt, 'end');
  const decryptMs = performance.now() - started;
  if (out !== plain.length * rounds)
    throw new Error(`decifrado ${out} bytes, esperado ${plain.length * rounds}`);
  const mbps = (ms: number) => ((plain.length * rounds) / 1024 / 1024 / (ms / 1000)).toFixed(0);
  console.log(
    `cifra sozinha: scrypt (N=2^17, r=8) ${scryptMs.toFixed(0)} ms por arquivo; AES-256-GCM em blocos de 64 KiB ` +
      `${mbps(encryptMs)} MB/s cifrando, ${mbps(decryptMs)} MB/s decifrando (256 MiB)`,
  );
});
