import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';
import { findFreePort } from '../src/server/db/embedded';

export interface ServerProcess {
  proc: ChildProcess;
  baseUrl: string;
  dataDir: string;
  /** Everything the process tree printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts the app as users run it: `npm start` (npm -> scripts/start.mjs -> dist/server/main.js) or the built
 * server directly, with production settings and the default log level, and waits until /api/health answers.
 */
export async function startServer(options: {
  dataDir: string;
  cwd?: string;
  viaNpm?: boolean;
  env?: Record<string, string>;
  waitForHealth?: boolean;
  timeoutMs?: number;
  /** A fixed port (an instance replaced at the same address behind a balancer); a free one otherwise. */
  port?: number;
}): Promise<ServerProcess> {
  const port = options.port ?? (await findFreePort());
  const baseUrl = `http://localhost:${port}`;
  const cwd = options.cwd ?? process.cwd();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: baseUrl,
    DATA_DIR: options.dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'info',
    ...options.env,
  };
  const proc = options.viaNpm
    ? spawn('npm', ['start', '--silent'], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(cwd, 'dist/server/main.js')], {
        cwd,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
  let output = '';
  proc.stdout?.on('data', (c) => {
    output += c;
  });
  proc.stderr?.on('data', (c) => {
    output += c;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const server: ServerProcess = { proc, baseUrl, dataDir: options.dataDir, output: () => output, exited };
  if (options.waitForHealth === false) return server;
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`O servidor terminou ao iniciar:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return server;
    } catch {}
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`O servidor não respondeu a tempo:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Stops a server process: SIGTERM, then SIGKILL if it has not exited in `graceMs`. */
export async function stopServer(server: ServerProcess, graceMs = 30_000) {
  if (server.proc.exitCode !== null || server.proc.signalCode !== null) return server.exited;
  server.proc.kill('SIGTERM');
  const timer = setTimeout(() => server.proc.kill('SIGKILL'), graceMs);
  const result = await server.exited;
  clearTimeout(timer);
  return result;
}

/** The embedded cluster's postmaster pid and a superuser URL, read from DATA_DIR as an operator would. */
export async function embeddedCluster(dataDir: string): Promise<{ pid: number; url: string }> {
  const pidFile = (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n');
  const password = (await readFile(path.join(dataDir, 'postgres.password'), 'utf8')).trim();
  return {
    pid: Number(pidFile[0]),
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pidFile[3]}/clube_escala`,
  };
}

export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function waitUntil(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Esperou ${ms} ms por: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
