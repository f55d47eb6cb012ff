import { createReadStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { runMigrations } from '../../db/migrate';
import { migrationsFolder } from '../../lib/paths';
import { type BackupManifest, migrationJournal } from './backup-archive';
import type { BackupFileStore } from './backup-files';
import { BackupFileError, type VerifiedBackup } from './backup-verify';

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** True when the database holds any table of the app (or of anything else) in `public`, or applied migrations. */
export async function databaseHasData(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p')`,
  );
  return (rows[0]?.n ?? 0) > 0;
}

/** A migrations folder holding the code's migrations up to `tag` only (Drizzle applies a whole folder). */
export async function migrationsUpTo(tag: string): Promise<string> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: Array<{ tag: string }>;
  };
  const last = journal.entries.findIndex((e) => e.tag === tag);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ce-migracoes-'));
  await mkdir(path.join(dir, 'meta'));
  const entries = journal.entries.slice(0, last + 1);
  await writeFile(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries)
    await copyFile(path.join(migrationsFolder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

/** Tables ordered so that each comes after the tables its foreign keys point to; null when they form a cycle. */
async function loadOrder(client: pg.Client, tables: string[]): Promise<string[] | null> {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
  );
  const needs = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of rows) if (needs.has(parent)) needs.get(child)?.add(parent);
  const order: string[] = [];
  const done = new Set<string>();
  while (order.length < tables.length) {
    const next = tables.find((t) => !done.has(t) && [...(needs.get(t) ?? [])].every((p) => done.has(p)));
    if (!next) return null;
    order.push(next);
    done.add(next);
  }
  return order;
}

/**
 * Restores a verified backup into `url`: refuses a database that has anything unless `force` (which drops the
 * `public` and `drizzle` schemas first), creates the schema with the migrations up to the backup's own, loads
 * every table with COPY in one transaction (parents before children, so every foreign key holds), sets the
 * sequences, then applies the code's newer migrations and writes the uploaded files back.
 */
export async function restoreBackup(options: {
  backup: VerifiedBackup;
  url: string;
  files: BackupFileStore;
  force?: boolean;
  say?: (message: string) => void;
}): Promise<{ rows: number; files: number }> {
  const { backup, url, files } = options;
  const manifest: BackupManifest = backup.manifest;
  const say = options.say ?? (() => {});
  const journal = await migrationJournal();
  if (!journal.some((m) => m.tag === manifest.migration.tag)) {
    throw new BackupFileError(
      `O backup foi feito por uma versão mais nova do app (migração ${manifest.migration.tag}): atualize o app antes de restaurar.`,
    );
  }

  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    const hasData = await databaseHasData(client);
    const hasFiles = await files.hasAny();
    if ((hasData || hasFiles) && !options.force) {
      const what = [hasData && 'o banco já tem tabelas', hasFiles && 'já há arquivos enviados'].filter(
        Boolean,
      );
      throw new BackupFileError(
        `O destino não está vazio (${what.join(' e ')}). Restaure numa pasta de dados vazia (DATA_DIR) ou num banco vazio, ou use --force para substituir tudo.`,
      );
    }
    if (hasData) {
      say('--force: apagando o conteúdo atual do banco ...');
      await client.query('drop schema if exists drizzle cascade');
      await client.query('drop schema if exists public cascade');
      await client.query('create schema public');
    }

    try {
      await loadTables(client, url, backup, say);
    } catch (error) {
      // The target was empty (or forced): leave it empty again, so the restore can simply be run again.
      await client.query('drop schema if exists drizzle cascade').catch(() => {});
      await client.query('drop schema if exists public cascade; create schema public').catch(() => {});
      throw error;
    }
  } finally {
    await client.end().catch(() => {});
  }

  say('aplicando as migrações mais novas que o backup ...');
  await runMigrations(url);

  say(
    `gravando ${manifest.files.length} arquivos enviados (${files.kind === 's3' ? 'bucket S3' : 'pasta local'}) ...`,
  );
  for (const f of manifest.files) await files.write(f.key, backup.filePath(f.key));
  return { rows: manifest.tables.reduce((n, t) => n + t.rows, 0), files: manifest.files.length };
}

/** The schema up to the backup's migration, then every table's rows (in place of what migrations seeded). */
async function loadTables(client: pg.Client, url: string, backup: VerifiedBackup, say: (m: string) => void) {
  const { manifest } = backup;
  say(`criando o esquema até a migração ${manifest.migration.tag} ...`);
  const upTo = await migrationsUpTo(manifest.migration.tag);
  try {
    await runMigrations(url, upTo);
  } finally {
    await rm(upTo, { recursive: true, force: true });
  }

  const names = manifest.tables.map((t) => t.name);
  const order = await loadOrder(client, names);
  say(`carregando ${names.length} tabelas ...`);
  await client.query('begin');
  try {
    // Tables whose foreign keys form a cycle load with triggers off (needs a superuser, as the embedded one is).
    if (!order) await client.query('set local session_replication_role = replica');
    // Rows some migrations insert (reference data) are in the backup too: the backup's rows replace them.
    await client.query(
      `truncate ${names.map((n) => `public.${quoteIdent(n)}`).join(', ')} restart identity cascade`,
    );
    // Rows load as they were saved: the tables' own triggers (membership_events from webhook_events) stay off.
    for (const name of names)
      await client.query(`alter table public.${quoteIdent(name)} disable trigger user`);
    for (const name of order ?? names) {
      const table = manifest.tables.find((t) => t.name === name);
      if (!table) continue;
      await pipeline(
        createReadStream(backup.tablePath(name)),
        client.query(
          copyFrom(
            `copy public.${quoteIdent(name)} (${table.columns.map(quoteIdent).join(', ')}) from stdin`,
          ),
        ),
      );
    }
    for (const name of names)
      await client.query(`alter table public.${quoteIdent(name)} enable trigger user`);
    for (const seq of manifest.sequences) {
      await client.query('select setval($1::regclass, $2::bigint, $3)', [
        `public.${quoteIdent(seq.name)}`,
        seq.value,
        seq.called,
      ]);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}
