import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config';
import { describeDatabaseUrl, waitForDatabase } from './client';
import { startEmbeddedPostgres } from './embedded';

/** The app's database as a command-line tool (backup, restore, admin) opens it. */
export interface CommandDatabase {
  url: string;
  /** Where it is, for messages (never a password). */
  label: string;
  /** 'external': DATABASE_URL; 'running': the embedded cluster of an app running now; 'started': started for the command. */
  mode: 'external' | 'running' | 'started';
  /** Stops the cluster when the command started it; nothing otherwise. */
  close(): Promise<void>;
}

/** The embedded cluster's folder, as `npm start` uses it (src/server/main.ts). */
export const embeddedClusterDir = (config: AppConfig) => path.join(config.DATA_DIR, 'postgres');
/** The database `startEmbeddedPostgres` creates by default. */
const EMBEDDED_DATABASE = 'clube_escala';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The postmaster running on this cluster folder now, from its postmaster.pid (line 1: pid, line 4: port), or null.
 * The password is the one embedded.ts keeps beside the cluster (`<dir>.password`).
 */
export async function runningEmbeddedUrl(dir: string): Promise<string | null> {
  const text = await readFile(path.join(dir, 'postmaster.pid'), 'utf8').catch(() => '');
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid) || !Number.isInteger(port) || port <= 0) return null;
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => 'postgres');
  if (!cmdline.includes('postgres')) return null;
  const password = (await readFile(`${dir}.password`, 'utf8')).trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
}

/**
 * Opens the database with the settings of `npm start`: DATABASE_URL (DATABASE_DIRECT_URL when set: a command's
 * COPY and session locks need a direct connection) or the embedded cluster in DATA_DIR/postgres. An app running on
 * that folder is joined through its port; otherwise the cluster is started for the command and stopped by
 * `close()`, so there are never two postmasters on one folder. `create` (restore) lets an empty data folder get a
 * new cluster; without it a missing cluster is an error.
 */
export async function openCommandDatabase(
  config: AppConfig,
  options: { create?: boolean; say?: (message: string) => void } = {},
): Promise<CommandDatabase> {
  const external = config.DATABASE_DIRECT_URL ?? config.DATABASE_URL;
  if (external) {
    await waitForDatabase(external, config.DATABASE_WAIT_SECONDS);
    return {
      url: external,
      label: `PostgreSQL externo em ${describeDatabaseUrl(external)}`,
      mode: 'external',
      close: async () => {},
    };
  }
  const dir = embeddedClusterDir(config);
  const running = await runningEmbeddedUrl(dir);
  if (running) {
    return {
      url: running,
      label: `PostgreSQL embutido do app em execução (${dir})`,
      mode: 'running',
      close: async () => {},
    };
  }
  if (!options.create && !existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new Error(`Não há banco de dados em ${dir}. Confira DATA_DIR (ou DATABASE_URL) no .env.`);
  }
  options.say?.(`iniciando o PostgreSQL embutido em ${dir} para este comando ...`);
  const embedded = await startEmbeddedPostgres({
    dir,
    events: { warn: (message) => options.say?.(message) },
  });
  return {
    url: embedded.url,
    label: `PostgreSQL embutido em ${dir}`,
    mode: 'started',
    close: () => embedded.stop(),
  };
}
