/**
 * The cost of metrics and request ids (issue #36) on GET /api/auth/user, measured on the server as users run it (see
 * bench-kit.ts): this checkout's build (metrics on: METRICS_TOKEN set and scraped every 5 s during its runs, a random
 * request id per request, the member's id bound to the request's logger, the slow-query timer on every query) against
 * the build of the commit it started from (BENCH_BASE_REF, default `git merge-base HEAD main`: no metrics, counter
 * request ids), side by side in one run. No product switch turns metrics off: the "off" side is the code before them.
 *
 * Each side is its own process with its own embedded PostgreSQL, started afresh every round (two processes of one
 * build differ by up to ~20% in CPU per request); BENCH_ROUNDS rounds (default 5, the order alternating), each side
 * measured in turn, 50 connections for BENCH_SECONDS (default 10), and the medians compared:
 * requests/s and p99, and the server process's CPU time per answered request (user + system, from /proc). On a machine
 * shared with other work, requests/s and p99 move with the neighbours' load from one run to the next; the CPU each
 * request costs does not, so the target is judged on it: within 5% of the base.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, realpath, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  buildApp,
  connect,
  cpuSeconds,
  machineLine,
  openSessions,
  ROOT,
  type RunningServer,
  run,
  startServer,
} from './bench-kit';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SCRAPE_EVERY_MS = 5_000;
const TOKEN = 'bench-token-de-metricas-0123456789';

function git(args: string[]): string {
  const r = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

/** The base commit's server, built in a temp folder (its node_modules: this checkout's). */
async function buildBase(
  cleanup: (fn: () => Promise<void>) => void,
): Promise<{ dir: string; commit: string }> {
  const ref = process.env.BENCH_BASE_REF ?? git(['merge-base', 'HEAD', 'main']);
  const commit = git(['rev-parse', '--short', ref]);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ce-bench-base-'));
  cleanup(() => rm(dir, { recursive: true, force: true }));
  const archive = spawnSync('sh', ['-c', `git archive ${commit} | tar -x -C "${dir}"`], { cwd: ROOT });
  if (archive.status !== 0) throw new Error(`git archive ${commit} falhou`);
  await symlink(await realpath(path.join(ROOT, 'node_modules')), path.join(dir, 'node_modules'));
  console.log(`[bench] compilando o servidor de ${commit} (base) ...`);
  // The API alone is measured: the base needs no client build.
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: dir, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('build do servidor base falhou');
  return { dir, commit };
}

async function signedIn(server: RunningServer): Promise<Record<string, string>> {
  const db = await connect(server.databaseUrl);
  const admin = await db.query<{ id: string }>(`select id from users where role = 'admin' limit 1`);
  const [cookie] = await openSessions(db, [admin.rows[0]!.id]);
  await db.end();
  // A returning browser: its session and its device cookie (without one, every answer would set a new one).
  const headers = { cookie: `${cookie!}; ce_did=${'d'.repeat(43)}` };
  const check = await fetch(`${server.base}/api/auth/user`, { headers });
  if (check.status !== 200) throw new Error(`GET /api/auth/user respondeu ${check.status}`);
  return headers;
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  /** The server process's CPU time (user + system) per answered request, in µs: what it costs, whatever the load. */
  cpuUs: number;
  /** Of which in the process itself (JavaScript, parsing, logging), without the kernel's socket work. */
  userUs: number;
}

/** autocannon (2 s warm-up, then the measured run), with the server's CPU time over the measured run. */
async function measureRun(server: RunningServer, headers: Record<string, string>): Promise<Run> {
  const base = { url: `${server.base}/api/auth/user`, connections: CONNECTIONS, headers };
  await autocannon({ ...base, duration: 2 });
  const before = await cpuSeconds(server.pid);
  const r = await autocannon({ ...base, duration: SECONDS });
  const after = await cpuSeconds(server.pid);
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(`${base.url}: ${r.non2xx} respostas não-2xx, ${r.errors} erros`);
  const user = after.user - before.user;
  const system = after.system - before.system;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuUs: ((user + system) / r.requests.total) * 1e6,
    userUs: (user / r.requests.total) * 1e6,
  };
}

const fmtRun = (m: Run) =>
  `${m.rps.toFixed(0).padStart(6)} req/s   p50 ${m.p50} ms   p99 ${String(m.p99).padStart(3)} ms   ` +
  `CPU ${m.cpuUs.toFixed(1)} µs/req (processo ${m.userUs.toFixed(1)})`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

run(async (cleanup) => {
  const machine = machineLine();
  buildApp();
  const base = await buildBase(cleanup);
  interface Side {
    name: string;
    /** The checkout whose build runs (undefined: this one). */
    root: string | undefined;
    env: Record<string, string>;
    metrics: boolean;
    runs: Run[];
  }
  const sides: Side[] = [
    {
      name: `base ${base.commit} (sem métricas)`,
      root: base.dir,
      env: {},
      metrics: false,
      runs: [],
    },
    {
      name: 'com métricas e ids',
      root: undefined,
      env: { METRICS_TOKEN: TOKEN },
      metrics: true,
      runs: [],
    },
  ];

  // Two processes of the same build differ by up to ~20% in CPU per request (where the JIT and the allocator put
  // things): each round starts a fresh pair, so the comparison is over several processes of each build, not one.
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    const started: Array<{
      side: Side;
      server: RunningServer;
      headers: Record<string, string>;
    }> = [];
    try {
      for (const side of order) {
        const server = await startServer(side.metrics ? 'metricas' : 'metricas-base', side.env, side.root);
        started.push({ side, server, headers: await signedIn(server) });
      }
      for (const { side, server, headers } of started) {
        // The scraper of a real setup, every 5 s while this side is measured (only the side that has /metrics).
        const scrape = () =>
          fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }).then((r) => {
            if (r.status !== 200) throw new Error(`GET /metrics respondeu ${r.status}`);
            return r.arrayBuffer();
          });
        if (side.metrics) await scrape();
        const scraping = side.metrics
          ? setInterval(() => void scrape().catch(() => {}), SCRAPE_EVERY_MS)
          : undefined;
        try {
          const m = await measureRun(server, headers);
          side.runs.push(m);
          console.log(`[bench] rodada ${round + 1}, ${side.name.padEnd(28)} ${fmtRun(m)}`);
        } finally {
          clearInterval(scraping);
        }
      }
    } finally {
      for (const { server } of started) await server.stop();
    }
  }

  const [off, on] = sides.map((side) => ({
    name: side.name,
    rps: median(side.runs.map((m) => m.rps)),
    p50: median(side.runs.map((m) => m.p50)),
    p99: median(side.runs.map((m) => m.p99)),
    cpuUs: median(side.runs.map((m) => m.cpuUs)),
    userUs: median(side.runs.map((m) => m.userUs)),
  }));
  // Each round's two sides ran back to back under the same neighbours: their ratio, then the median of the rounds.
  const paired = (pick: (m: Run) => number) =>
    median(sides[0]!.runs.map((offRun, i) => pick(sides[1]!.runs[i]!) / pick(offRun)));
  const cpuRatio = paired((m) => m.cpuUs);
  const pct = (a: number, b: number) => {
    const d = (a / b - 1) * 100;
    return `${d >= 0 ? '+' : ''}${d.toFixed(1)}%`;
  };
  const ratioPct = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)}%`;
  console.log(
    `\nCusto das métricas e dos ids de requisição — GET /api/auth/user autenticado, ${CONNECTIONS} conexões, ` +
      `${SECONDS} s por medida, ${ROUNDS} rodadas alternadas (medianas), ${machine}`,
  );
  for (const side of [off!, on!]) console.log(`  ${side.name.padEnd(30)} ${fmtRun(side)}`);
  console.log(
    `  diferença das medianas: req/s ${pct(on!.rps, off!.rps)}, p99 ${pct(on!.p99, off!.p99)}, ` +
      `CPU por requisição ${pct(on!.cpuUs, off!.cpuUs)} (no processo ${pct(on!.userUs, off!.userUs)})`,
  );
  console.log(
    `  rodada a rodada (mediana das razões): req/s ${ratioPct(paired((m) => m.rps))}, ` +
      `CPU por requisição ${ratioPct(cpuRatio)} (no processo ${ratioPct(paired((m) => m.userUs))})` +
      `   (meta: CPU por requisição até 5% a mais: ${cpuRatio <= 1.05 ? 'OK' : 'NÃO ATINGIDA'})`,
  );
});
