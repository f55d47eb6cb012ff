import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import tar from 'tar-stream';
import { migrationsFolder, projectRoot } from '../../lib/paths';
import { ENCRYPTED_SUFFIX, encryptingStream, openChunks, sealChunks } from './backup-crypto';
import type { BackupFileStore } from './backup-files';
import { targetWriteError } from './backup-target';

export const BACKUP_FORMAT = 'clube-escala-backup';
export const FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  appVersion: string;
  /** The last migration applied to the database (its tag in drizzle/meta/_journal.json and its `when`). */
  migration: { tag: string; when: number };
  postgresVersion: string;
  storage: 'local' | 's3';
  /** Each table's rows as `COPY (columns) TO STDOUT` text, in `tables/<name>.copy`. */
  tables: Array<{ name: string; columns: string[]; rows: number; bytes: number; sha256: string }>;
  /** Sequences' positions when the snapshot was taken (restored with setval). */
  sequences: Array<{ name: string; value: string; called: boolean }>;
  /** Uploaded files in `files/<key>`. */
  files: Array<{ key: string; size: number; sha256: string }>;
}

export const tableEntry = (name: string) => `tables/${name}.copy`;
export const fileEntry = (key: string) => `files/${key}`;
const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The migrations the code knows, in order (drizzle/meta/_journal.json). */
export async function migrationJournal(
  folder = migrationsFolder,
): Promise<Array<{ tag: string; when: number }>> {
  const journal = JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string; when: number }>;
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

export async function appVersion(): Promise<string> {
  return (JSON.parse(await readFile(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string })
    .version;
}

/** Counts rows (lines of COPY text: a newline inside a value is written as \n) and hashes on the way through. */
function measure() {
  const hash = createHash('sha256');
  let rows = 0;
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ rows, bytes, sha256: hash.digest('hex') }) };
}

function backupName(now: Date, encrypted: boolean): string {
  const iso = now.toISOString(); // 2026-11-26T10:00:00.123Z
  return `clube-escala-${iso.slice(0, 10).replace(/-/g, '')}-${iso.slice(11, 19).replace(/:/g, '')}-${iso.slice(20, 23)}.tar.gz${encrypted ? ENCRYPTED_SUFFIX : ''}`;
}

/** fsync of a folder: the rename of a finished file into it survives a crash. */
async function syncDir(dir: string) {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export interface CreatedBackup {
  file: string;
  name: string;
  size: number;
  manifest: BackupManifest;
}

/**
 * Writes one backup file into `dir` while the app keeps serving: every table of the `public` schema read in ONE
 * transaction (REPEATABLE READ, READ ONLY: one snapshot, no lock that blocks writers) with COPY through `pg`, then
 * the uploaded files, then manifest.json (row count and sha256 per table, size and sha256 per file). The file is
 * written as `<name>.tmp` in `dir`, fsynced and renamed: it appears under its final name only when complete, and a
 * failure removes it. With a passphrase the archive is encrypted as it streams out (backup-crypto.ts, name ending
 * `.enc`), and the tables staged in `workDir` (default `dir`) are encrypted too, each with a random key held only in
 * memory: no plaintext of the club reaches a disk.
 */
export async function createBackup(options: {
  url: string;
  files: BackupFileStore;
  dir: string;
  workDir?: string;
  passphrase?: string;
  now?: Date;
}): Promise<CreatedBackup> {
  const workParent = options.workDir ?? options.dir;
  await mkdir(workParent, { recursive: true, mode: 0o700 });
  const work = await mkdtemp(path.join(workParent, '.em-andamento-'));
  const staged: Array<{ key: Buffer; nonce: Buffer }> = [];
  const stageWriter = (i: number): Transform[] => {
    if (!options.passphrase) return [];
    const keys = { key: randomBytes(32), nonce: randomBytes(8) };
    staged[i] = keys;
    return [sealChunks(keys.key, keys.nonce)];
  };
  const stageReader = (i: number): NodeJS.ReadableStream => {
    const file = createReadStream(path.join(work, `${i}.copy`));
    const keys = staged[i];
    if (!keys) return file;
    const plain = openChunks(keys.key, keys.nonce);
    file.once('error', (error) => plain.destroy(error));
    return file.pipe(plain);
  };
  try {
    const journal = await migrationJournal();
    const client = new pg.Client({ connectionString: options.url });
    client.on('error', () => {});
    await client.connect();
    const tables: BackupManifest['tables'] = [];
    const sequences: BackupManifest['sequences'] = [];
    let migration: BackupManifest['migration'];
    let postgresVersion: string;
    try {
      await client.query('begin isolation level repeatable read read only');
      const last = await client.query<{ created_at: string }>(
        'select created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1',
      );
      const when = Number(last.rows[0]?.created_at);
      const known = journal.find((m) => m.when === when);
      if (!known) {
        throw new Error(
          'O banco tem uma migração que este código não conhece (feita por uma versão mais nova do app?): atualize o app antes do backup.',
        );
      }
      migration = known;
      postgresVersion =
        (await client.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]?.v ?? '';
      const names = await client.query<{ name: string }>(
        `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
      );
      for (const { name } of names.rows) {
        const cols = await client.query<{ attname: string }>(
          `select attname from pg_attribute where attrelid = $1::regclass and attnum > 0
              and not attisdropped and attgenerated = '' order by attnum`,
          [`public.${quoteIdent(name)}`],
        );
        const columns = cols.rows.map((r) => r.attname);
        const m = measure();
        await pipeline([
          client.query(
            copyTo(`copy public.${quoteIdent(name)} (${columns.map(quoteIdent).join(', ')}) to stdout`),
          ),
          m.stream,
          ...stageWriter(tables.length),
          createWriteStream(path.join(work, `${tables.length}.copy`), { mode: 0o600 }),
        ]);
        tables.push({ name, columns, ...m.result() });
      }
      const seqs = await client.query<{ name: string }>(
        `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
      );
      for (const { name } of seqs.rows) {
        const row = (
          await client.query<{ last_value: string; is_called: boolean }>(
            `select last_value::text, is_called from public.${quoteIdent(name)}`,
          )
        ).rows[0];
        if (row) sequences.push({ name, value: row.last_value, called: row.is_called });
      }
      await client.query('commit');
    } finally {
      await client.end().catch(() => {});
    }

    const now = options.now ?? new Date();
    const name = backupName(now, Boolean(options.passphrase));
    await mkdir(options.dir, { recursive: true, mode: 0o700 });
    const partial = path.join(options.dir, `${name}.tmp`);
    const pack = tar.pack();
    const out = createWriteStream(partial, { mode: 0o600 });
    // A failure to write the file itself is told as the target's, in Portuguese (disk full, no permission...).
    // (Only the file's own system calls: the pipeline also destroys it with any other stream's error.)
    const failed: { write?: Error } = {};
    out.once('error', (error: NodeJS.ErrnoException) => {
      if (error.syscall && error.syscall !== 'read') failed.write = error;
    });
    const written = pipeline([
      pack as unknown as NodeJS.ReadableStream,
      createGzip({ level: 6 }),
      ...(options.passphrase ? [await encryptingStream(options.passphrase)] : []),
      out,
    ]);
    written.catch(() => {});
    const add = (
      entryName: string,
      size: number,
      source: Buffer | NodeJS.ReadableStream,
      through?: Transform,
    ) =>
      new Promise<void>((resolve, reject) => {
        if (Buffer.isBuffer(source)) {
          pack.entry({ name: entryName, size, mode: 0o600, mtime: now }, source, (e) =>
            e ? reject(e) : resolve(),
          );
          return;
        }
        const sink = pack.entry({ name: entryName, size, mode: 0o600, mtime: now }, (e) =>
          e ? reject(e) : resolve(),
        );
        (through ? pipeline(source, through, sink) : pipeline(source, sink)).catch(reject);
      });
    try {
      for (const [i, table] of tables.entries()) {
        await add(tableEntry(table.name), table.bytes, stageReader(i));
      }
      const files: BackupManifest['files'] = [];
      for (const { key } of await options.files.list()) {
        const file = await options.files.read(key);
        if (!file) continue; // removed since it was listed
        // Hashed chunk by chunk on the way into the archive: a large upload never holds the event loop.
        const m = measure();
        await add(fileEntry(key), file.size, file.stream, m.stream);
        const { bytes, sha256 } = m.result();
        files.push({ key, size: bytes, sha256 });
      }
      const manifest: BackupManifest = {
        format: BACKUP_FORMAT,
        formatVersion: FORMAT_VERSION,
        createdAt: now.toISOString(),
        appVersion: await appVersion(),
        migration,
        postgresVersion,
        storage: options.files.kind,
        tables,
        sequences,
        files,
      };
      const text = Buffer.from(JSON.stringify(manifest, null, 2));
      await add(MANIFEST, text.length, text);
      pack.finalize();
      await written;
      // fsync before the rename: a crash never leaves a complete-looking name on a partial file.
      const handle = await open(partial, 'r');
      await handle.sync();
      await handle.close();
      const file = path.join(options.dir, name);
      await rename(partial, file);
      await syncDir(options.dir);
      return { file, name, size: (await stat(file)).size, manifest };
    } catch (error) {
      pack.destroy();
      await written.catch(() => {});
      await rm(partial, { force: true });
      if (failed.write) throw targetWriteError(options.dir, failed.write);
      throw error;
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
