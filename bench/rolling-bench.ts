/**
 * Three instances behind a balancer, a mixed member workload, and a rolling restart in the middle (issue #24):
 * `npm run bench:rolling`.
 *
 * One PostgreSQL (embedded, started by the bench like a separate database server), three built servers on it
 * (started as `npm start` runs them: production, default log level, SHUTDOWN_DRAIN_SECONDS=3), the test balancer of
 * e2e/balancer.ts (active readiness checks every 250 ms, no retries: what a cloud balancer does). Signed-in members
 * read catalogue pages with filters, open offers, like and unlike, read the bell and the profile; the load runs
 * 10 s of warm-up (not counted), 20 s steady, then each instance is replaced one after the other (the next as soon as the new one is ready), then
 * 20 s steady again. Printed per phase: requests per second, failed requests (anything but 2xx, or no answer), p50 and p99.
 *
 * BENCH_BALANCER=nginx or haproxy puts the real balancer in front instead, configured with the very blocks of
 * docs/operations.md (e2e/real-balancers.ts), and follows the documented procedure: each instance stopped with
 * SIGTERM, replaced at the same address once it has exited, the next one once the new one's readiness says 200 and
 * the balancer uses it again, with the default drain (SHUTDOWN_DRAIN_SECONDS=5).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { TestBalancer } from '../e2e/balancer';
import { type RealBalancer, type RealBalancerKind, startRealBalancer } from '../e2e/real-balancers';
import { type ServerProcess, startServer, stopServer } from '../e2e/server-process';
import { findFreePort, startEmbeddedPostgres } from '../src/server/db/embedded';
import { buildApp, connect, machineLine, openSessions, ROOT, run } from './bench-kit';
import { seedCatalogue } from './catalogue-seed';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const STEADY_MS = 20_000;
const KIND = (process.env.BENCH_BALANCER ?? 'node') as 'node' | RealBalancerKind;
if (!['node', 'nginx', 'haproxy'].includes(KIND)) throw new Error('BENCH_BALANCER: node, nginx ou haproxy');
const DRAIN_SECONDS = KIND === 'node' ? '3' : '5';

interface Phase {
  name: string;
  started: number;
  ended: number;
  latencies: number[];
  failures: Map<string, number>;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

run(async (cleanup) => {
  console.log(machineLine());
  buildApp();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ce-bench-rolling-'));
  cleanup(() => rm(dir, { recursive: true, force: true }));
  const database = await startEmbeddedPostgres({ dir: path.join(dir, 'pg') });
  cleanup(() => database.stop());

  const servers: ServerProcess[] = [];
  cleanup(async () => {
    for (const server of servers) await stopServer(server, 20_000);
  });
  const instance = async (name: string, port?: number) => {
    const server = await startServer({
      cwd: ROOT,
      dataDir: path.join(dir, name),
      port,
      env: {
        DATABASE_URL: database.url,
        SHUTDOWN_DRAIN_SECONDS: DRAIN_SECONDS,
        // docs/operations.md, "Orçamento de conexões": 3 instances on PostgreSQL's default 100 connections, 4 at once
        // while the test balancer's restart starts the new one before the old one has left.
        DATABASE_POOL_MAX: KIND === 'node' ? '22' : '25',
        ADMIN_PASSWORD: 'bench-admin-senha',
        SEED_DEMO: '0',
        LOG_LEVEL: 'info',
      },
    });
    servers.push(server);
    return server;
  };
  // Behind nginx or HAProxy each instance keeps its address (the balancer's file names them).
  const ports = KIND === 'node' ? [] : [await findFreePort(), await findFreePort(), await findFreePort()];
  const first = await instance('a', ports[0]);
  const db = await connect(database.url);
  cleanup(() => db.end());
  const seeded = await seedCatalogue(db);
  console.log(`catálogo: ${seeded.offers} ofertas, ${seeded.members} membros, ${seeded.likes} curtidas`);
  const members = (
    await db.query<{ id: string }>(`select id from users where email like 'membro%' limit 200`)
  ).rows;
  const cookies = await openSessions(
    db,
    members.map((m) => m.id),
  );
  const offerIds = (await db.query<{ id: string }>(`select id from offers where visible limit 500`)).rows.map(
    (r) => r.id,
  );
  const [b, c] = await Promise.all([instance('b', ports[1]), instance('c', ports[2])]);
  let balancerUrl: string;
  let testBalancer: TestBalancer | null = null;
  let realBalancer: RealBalancer | null = null;
  let balancerName = 'balanceador de teste (prontidão a cada 250 ms, sem novas tentativas)';
  if (KIND === 'node') {
    testBalancer = new TestBalancer({ checkMs: 250, retry: false });
    await testBalancer.start([first.baseUrl, b!.baseUrl, c!.baseUrl]);
    const started = testBalancer;
    cleanup(() => started.close());
    balancerUrl = testBalancer.url;
  } else {
    const real = await startRealBalancer(KIND, dir, await findFreePort(), ports, ROOT);
    realBalancer = real;
    cleanup(() => real.close());
    balancerUrl = real.url;
    balancerName = `${real.version}, com o bloco de docs/operations.md`;
  }

  const niches = ['Emagrecimento', 'Renda Extra', 'Saúde', 'Fitness'];
  const sorts = ['recent', 'likes', 'roas', 'ads'];
  /** One member's request: what the mixed workload of bench/mixed-bench.ts asks, by weight. */
  const request = (n: number): { method: string; path: string; cookie: string } => {
    const cookie = cookies[n % cookies.length]!;
    const offer = offerIds[(n * 7) % offerIds.length]!;
    const k = n % 20;
    if (k < 8) {
      const filter = n % 3 === 0 ? `&niche=${encodeURIComponent(niches[n % niches.length]!)}` : '';
      return { method: 'GET', path: `/api/offers?page=${1 + (n % 5)}&sort=${sorts[n % 4]}${filter}`, cookie };
    }
    if (k < 12) return { method: 'GET', path: `/api/offers/${offer}`, cookie };
    if (k < 14) return { method: 'POST', path: `/api/offers/${offer}/like`, cookie };
    if (k < 16) return { method: 'GET', path: '/api/notifications', cookie };
    if (k < 18) return { method: 'GET', path: '/api/auth/user', cookie };
    return { method: 'GET', path: '/api/health/live', cookie };
  };

  const phases: Phase[] = [];
  let phase: Phase | null = null;
  const begin = (name: string) => {
    if (phase) phase.ended = performance.now();
    phase = { name, started: performance.now(), ended: 0, latencies: [], failures: new Map() };
    phases.push(phase);
  };
  let running = true;
  const worker = async (i: number) => {
    for (let n = i; running; n += CONNECTIONS) {
      const r = request(n);
      const t0 = performance.now();
      const current = phase!;
      try {
        const res = await fetch(`${balancerUrl}${r.path}`, {
          method: r.method,
          headers: {
            cookie: r.cookie,
            ...(r.method === 'POST'
              ? { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }
              : {}),
          },
          body: r.method === 'POST' ? '{}' : undefined,
        });
        const body = await res.text();
        if (res.status >= 300) {
          // Anything but 2xx fails the run; the balancer's own 502s say why (no ready instance, or none answered).
          const why = res.status === 502 || res.status === 503 ? ` (${body.slice(0, 80)})` : '';
          const key = `${res.status} ${r.method} ${r.path.split('?')[0]!.replace(/bench-\d+/, ':id')}${why}`;
          current.failures.set(key, (current.failures.get(key) ?? 0) + 1);
        } else current.latencies.push(performance.now() - t0);
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code;
        const key = `${(error as Error).message}${cause ? ` (${cause})` : ''} ${r.method}`;
        current.failures.set(key, (current.failures.get(key) ?? 0) + 1);
      }
    }
  };

  // Each instance builds its catalogue index and warms its caches at its first requests: not measured.
  begin('aquecimento');
  const load = Array.from({ length: CONNECTIONS }, (_, i) => worker(i));
  await new Promise((r) => setTimeout(r, 10_000));
  begin('estável, 3 instâncias');
  await new Promise((r) => setTimeout(r, STEADY_MS));
  begin('reinício em rolagem (A, B, C)');
  for (const [i, old] of [...servers].entries()) {
    if (testBalancer) {
      const exited = stopServer(old, 30_000);
      const fresh = await instance(`nova-${i}`);
      await exited;
      testBalancer.replace(old.baseUrl, fresh.baseUrl);
      const deadline = Date.now() + 30_000;
      while (!testBalancer.isHealthy(fresh.baseUrl)) {
        if (Date.now() > deadline) throw new Error('a instância nova não ficou pronta');
        await new Promise((r) => setTimeout(r, 100));
      }
    } else {
      // The documented procedure: SIGTERM, wait for the exit, the new one at the same address, its readiness 200.
      await stopServer(old, 30_000);
      const fresh = await instance(`nova-${i}`, ports[i]);
      const deadline = Date.now() + 30_000;
      while ((await fetch(`${fresh.baseUrl}/api/health/ready`).catch(() => null))?.status !== 200) {
        if (Date.now() > deadline) throw new Error('a instância nova não ficou pronta');
        await new Promise((r) => setTimeout(r, 100));
      }
      // ... and the balancer uses it again (HAProxy: `rise` checks; nginx: `fail_timeout`) before the next SIGTERM.
      await realBalancer!.waitUntilServing(i);
    }
  }
  begin('estável, depois');
  await new Promise((r) => setTimeout(r, STEADY_MS));
  running = false;
  await Promise.all(load);
  (phase as Phase | null)!.ended = performance.now();

  console.log(`\n${CONNECTIONS} conexões, ${balancerName}, drenagem de ${DRAIN_SECONDS} s:`);
  for (const p of phases) {
    const sorted = [...p.latencies].sort((x, y) => x - y);
    const failed = [...p.failures.values()].reduce((a, n) => a + n, 0);
    const seconds = (p.ended - p.started) / 1000;
    console.log(
      `${p.name.padEnd(32)} ${seconds.toFixed(1).padStart(5)} s  ${(sorted.length / seconds).toFixed(0).padStart(5)} req/s  ` +
        `falhas ${String(failed).padStart(4)}  p50 ${quantile(sorted, 0.5).toFixed(0).padStart(4)} ms  ` +
        `p99 ${quantile(sorted, 0.99).toFixed(0).padStart(5)} ms`,
    );
    for (const [what, n] of p.failures) console.log(`    ${n} × ${what}`);
  }
  const counted = phases.slice(1);
  const answered = counted.reduce((a, p) => a + p.latencies.length, 0);
  const failed = counted.reduce((a, p) => a + [...p.failures.values()].reduce((x, n) => x + n, 0), 0);
  console.log(`fora do aquecimento: ${answered} pedidos respondidos com 2xx, ${failed} falha(s)`);
  // Why an instance answered "database unavailable" (its log names the pg or socket code, never a value).
  const reasons = servers.flatMap((server) =>
    server
      .output()
      .split('\n')
      .filter((line) => line.includes('banco de dados indisponível'))
      .map((line) => (JSON.parse(line) as { reason?: string }).reason ?? line.slice(0, 120)),
  );
  if (reasons.length > 0)
    console.log(`banco indisponível nas instâncias: ${[...new Set(reasons)].join(', ')}`);
  if (realBalancer && KIND === 'nginx') {
    const cut = realBalancer.cutRequests();
    console.log(
      `pedidos cortados por uma instância depois de enviados (o nginx repete os GET): ${cut.length}`,
    );
    for (const line of cut.slice(0, 5)) console.log(`    ${line.slice(0, 200)}`);
  }
});
