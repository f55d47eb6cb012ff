/**
 * Foundation benchmark (issue #2). Prints, in one run:
 *  - requests/s and p99 of a bare Fastify route and of an authenticated GET /api/auth/user, 50 connections;
 *  - the ratio between them (target: authenticated >= 20% of bare, p99 < 50 ms);
 *  - first-load JavaScript for /login, gzipped (target <= 150 KB).
 * Uses DATABASE_URL when set, otherwise an embedded PostgreSQL in a temp folder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createDatabase } from '../src/server/db/client';
import { startEmbeddedPostgres } from '../src/server/db/embedded';
import { runMigrations } from '../src/server/db/migrate';
import { sessions } from '../src/server/db/schema/index';
import { hashPassword, randomToken, sha256 } from '../src/server/lib/crypto';
import { clientDistFolder } from '../src/server/lib/paths';
import { createUser } from '../src/server/modules/users/users.service';
import { firstLoadJs } from './login-bundle';

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

async function measure(url: string, headers: Record<string, string> = {}) {
  // Warm-up, then the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(`${url}: ${r.non2xx} respostas não-2xx, ${r.errors} erros`);
  return { rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50 };
}

async function main() {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'ce-bench-'));
  let stopPg = async () => {};
  let url = process.env.DATABASE_URL;
  if (!url) {
    const embedded = await startEmbeddedPostgres({ dir: path.join(tmp, 'pg'), database: 'bench' });
    url = embedded.url;
    stopPg = embedded.stop;
  } else {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query('drop schema if exists drizzle cascade; drop schema public cascade; create schema public;');
    await c.end();
  }
  await runMigrations(url);
  const database = createDatabase(url);
  const config = loadConfig({
    DATA_DIR: tmp,
    DATABASE_URL: url,
    APP_URL: 'http://127.0.0.1:3999',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appPort = (app.server.address() as { port: number }).port;

  const user = await createUser(database.db, {
    name: 'Bench',
    email: 'bench@exemplo.com',
    passwordHash: await hashPassword('bench-senha'),
    emailVerified: true,
    trialCreditCents: 300,
  });
  const token = randomToken();
  await database.db
    .insert(sessions)
    .values({ sid: sha256(token), userId: user.id, expire: new Date(Date.now() + 86_400_000 * 30) });

  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const barePort = (bare.server.address() as { port: number }).port;

  const check = await fetch(`http://127.0.0.1:${appPort}/api/auth/user`, {
    headers: { cookie: `ce_sid=${token}` },
  });
  if (check.status !== 200) throw new Error(`GET /api/auth/user respondeu ${check.status}`);

  const b = await measure(`http://127.0.0.1:${barePort}/bare`);
  const a = await measure(`http://127.0.0.1:${appPort}/api/auth/user`, { cookie: `ce_sid=${token}` });

  await app.close();
  await bare.close();
  await database.close();
  await stopPg();
  await rm(tmp, { recursive: true, force: true });

  const ratio = a.rps / b.rps;
  console.log(
    `\nBenchmark da fundação — ${CONNECTIONS} conexões, ${DURATION} s por rota, ${os.cpus().length} núcleos`,
  );
  console.log(
    `  rota Fastify vazia       ${b.rps.toFixed(0).padStart(7)} req/s   p50 ${b.p50} ms   p99 ${b.p99} ms`,
  );
  console.log(
    `  GET /api/auth/user (auth) ${a.rps.toFixed(0).padStart(7)} req/s   p50 ${a.p50} ms   p99 ${a.p99} ms`,
  );
  console.log(
    `  razão autenticada/vazia  ${(ratio * 100).toFixed(1)}%   (meta >= 20%: ${ratio >= 0.2 ? 'OK' : 'NÃO ATINGIDA'})`,
  );
  console.log(
    `  p99 autenticada          ${a.p99} ms   (meta < 50 ms: ${a.p99 < 50 ? 'OK' : 'NÃO ATINGIDA'})`,
  );
  try {
    const js = firstLoadJs(clientDistFolder, 'src/client/app/routes/login.tsx');
    const kb = js.gzipBytes / 1024;
    console.log(
      `  JS inicial de /login     ${kb.toFixed(1)} KB gzip em ${js.files.length} arquivos   (meta <= 150 KB: ${kb <= 150 ? 'OK' : 'NÃO ATINGIDA'})`,
    );
  } catch (error) {
    console.log(`  JS inicial de /login     indisponível: ${(error as Error).message}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
