/**
 * Shared measuring code of the benchmarks: the server is measured as users run it.
 *  - `npm run build`, then `node --enable-source-maps dist/server/main.js` in its own process with the
 *    environment `npm start` (scripts/start.mjs) gives it: NODE_ENV=production, LOG_LEVEL unset (info), the
 *    embedded PostgreSQL the app starts itself in a temp DATA_DIR. Its log goes to a file, as a terminal would take it.
 *  - The benchmark seeds that very cluster (port from DATA_DIR/postgres/postmaster.pid, password from
 *    DATA_DIR/postgres.password) after the app migrated it: the app is measured on its own database, settings and
 *    supervisor, exactly as `npm start` runs it.
 *  - The load generator (autocannon, or the mixed-workload loop) runs in this process, never in the server's.
 */
import { spawn, spawnSync } from 'node:child_process';
import { openSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';
import { findFreePort } from '../src/server/db/embedded';
import { randomToken, sha256 } from '../src/server/lib/crypto';

/** The project measured (BENCH_ROOT: another checkout, e.g. an export of the previous commit for before/after). */
export const ROOT = path.resolve(process.env.BENCH_ROOT ?? path.join(import.meta.dirname, '..'));

/** The machine's load before the benchmark adds its own: other work on a shared machine skews the figures. */
export function machineLine(): string {
  const load = os.loadavg().map((n) => n.toFixed(2));
  return `${os.cpus().length} núcleos, carga da máquina antes ${load.join(' / ')} (1/5/15 min)`;
}

/** `npm run build` (skipped with BENCH_SKIP_BUILD=1 when dist/ is known to be current). */
export function buildApp(): void {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  console.log('[bench] npm run build ...');
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error('npm run build falhou');
}

export interface RunningServer {
  base: string;
  dataDir: string;
  logFile: string;
  /** The app's own embedded cluster. */
  databaseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

async function waitForHealth(base: string, child: { exitCode: number | null }, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`o servidor saiu com código ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.status === 200) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('o servidor não respondeu a /api/health a tempo');
}

/**
 * Starts the built server like `npm start` does (scripts/start.mjs: NODE_ENV=production, same flags), on a free
 * port, with a fresh DATA_DIR and no demo content, and waits for /api/health.
 */
export async function startServer(
  name: string,
  env: Record<string, string> = {},
  /** The checkout whose dist/server/main.js runs (default ROOT). */
  root = ROOT,
): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `ce-bench-${name}-`));
  const port = await findFreePort();
  const base = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, 'server.log');
  const out = openSync(logFile, 'a');
  // The environment start.mjs gives the server; nothing of the caller's leaks in that `npm start` would not see.
  const inherited = { ...process.env };
  for (const key of ['DATABASE_URL', 'LOG_LEVEL', 'REDIS_URL', 'SMTP_URL']) delete inherited[key];
  // BENCH_NODE_ARGS: extra node flags for a diagnosis run (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...extra, ...SERVER_NODE_FLAGS, 'dist/server/main.js'], {
    cwd: root,
    stdio: ['ignore', out, out],
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      ADMIN_PASSWORD: 'bench-admin-senha',
      ...env,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base, child, 120_000);
    const pid = (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n');
    const password = (await readFile(path.join(dataDir, 'postgres.password'), 'utf8')).trim();
    const databaseUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pid[3]!.trim()}/clube_escala`;
    return { base, dataDir, logFile, databaseUrl, pid: child.pid!, stop };
  } catch (error) {
    console.error(`[bench] log do servidor: ${logFile}`);
    child.kill('SIGTERM');
    await exited;
    throw error;
  }
}

/** A pg client on the server's own cluster (seeding and checks). */
export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** Signs the users in by inserting sessions (only the token's hash is stored, as the app does). */
export async function openSessions(client: pg.Client, userIds: string[]): Promise<string[]> {
  const tokens = userIds.map(() => randomToken(32));
  await client.query(
    `insert into sessions (sid, user_id, expire)
     select unnest($1::text[]), unnest($2::uuid[]), now() + interval '30 days'`,
    [tokens.map((t) => sha256(t)), userIds],
  );
  return tokens.map((t) => `ce_sid=${t}`);
}

/**
 * The built server (started as users run it), seeded through its own cluster by `seed`, with the seed's first member
 * (`membro1@bench.test`) signed in: what the route benches measure against. Stopped by `run`'s cleanup.
 */
export async function startSeededServer<T>(
  name: string,
  seed: (db: pg.Client) => Promise<T>,
  cleanup: (fn: () => Promise<void>) => void,
): Promise<{ base: string; seeded: T; seedSeconds: number; headers: { cookie: string } }> {
  buildApp();
  const server = await startServer(name);
  cleanup(server.stop);
  const db = await connect(server.databaseUrl);
  const started = Date.now();
  const seeded = await seed(db);
  const seedSeconds = (Date.now() - started) / 1000;
  const member = await db.query<{ id: string }>(`select id from users where email = 'membro1@bench.test'`);
  const [cookie] = await openSessions(db, [member.rows[0]!.id]);
  await db.end();
  return { base: server.base, seeded, seedSeconds, headers: { cookie: cookie! } };
}

/** A bare Fastify route in its own process (the same `node`, production env): the ceiling for the ratio. */
export async function startBareServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await findFreePort();
  const code = `
    const Fastify = (await import('fastify')).default;
    const app = Fastify();
    app.get('/bare', async () => ({ ok: true }));
    await app.listen({ port: ${port}, host: '127.0.0.1' });
    process.on('SIGTERM', () => app.close().then(() => process.exit(0)));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: ROOT,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}/bare`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(url)).status === 200) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('rota vazia não subiu');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface Measured {
  rps: number;
  p50: number;
  p90: number;
  p97_5: number;
  p99: number;
  max: number;
}

/** autocannon (2 s warm-up, then the measured run); any non-2xx or error fails the benchmark. */
export async function measure(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<Measured> {
  const base = { url, connections: options.connections, headers: options.headers ?? {} };
  await autocannon({ ...base, duration: 2 });
  const r = await autocannon({ ...base, duration: options.seconds });
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(`${url}: ${r.non2xx} respostas não-2xx, ${r.errors} erros`);
  const l = r.latency;
  return { rps: r.requests.average, p50: l.p50, p90: l.p90, p97_5: l.p97_5, p99: l.p99, max: l.max };
}

export const fmt = (m: Measured) =>
  `${m.rps.toFixed(0).padStart(7)} req/s   p50 ${m.p50} ms   p90 ${m.p90} ms   p97.5 ${m.p97_5} ms   p99 ${m.p99} ms`;

/** Runs main, prints the error and exits non-zero on failure; always runs the cleanups. */
export function run(main: (cleanup: (fn: () => Promise<void>) => void) => Promise<void>) {
  const cleanups: Array<() => Promise<void>> = [];
  const finish = async (code: number) => {
    for (const fn of cleanups.reverse()) await fn().catch(() => {});
    process.exit(code);
  };
  process.on('SIGINT', () => void finish(130));
  main((fn) => cleanups.push(fn)).then(
    () => finish(0),
    (error) => {
      console.error(error);
      return finish(1);
    },
  );
}

/** CPU seconds a process has used so far, user and system, from /proc (clock ticks of 10 ms). */
export async function cpuSeconds(pid: number): Promise<{ user: number; system: number }> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}
