/**
 * Foundation benchmark (issue #2, #6), measured on the server as users run it (see bench-kit.ts): the built server
 * in its own process with NODE_ENV=production and the default log level, a bare Fastify route in another process,
 * autocannon in this one. Prints, in one run:
 *  - requests/s and p99 of the bare route and of an authenticated GET /api/auth/user, 50 connections;
 *  - the ratio between them (target: authenticated >= 20% of bare, p99 < 50 ms);
 *  - first-load JavaScript for /login, gzipped (target <= 100 KB, issue #13).
 */
import { clientDistFolder } from '../src/server/lib/paths';
import {
  buildApp,
  connect,
  fmt,
  machineLine,
  measure,
  openSessions,
  run,
  startBareServer,
  startServer,
} from './bench-kit';
import { firstLoadJs } from './login-bundle';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

run(async (cleanup) => {
  const machine = machineLine();
  buildApp();
  const server = await startServer('auth');
  cleanup(server.stop);
  const bare = await startBareServer();
  cleanup(bare.stop);

  const db = await connect(server.databaseUrl);
  const admin = await db.query<{ id: string }>(`select id from users where role = 'admin' limit 1`);
  const [cookie] = await openSessions(db, [admin.rows[0]!.id]);
  await db.end();
  const check = await fetch(`${server.base}/api/auth/user`, { headers: { cookie: cookie! } });
  if (check.status !== 200) throw new Error(`GET /api/auth/user respondeu ${check.status}`);

  const b = await measure(bare.url, { connections: CONNECTIONS, seconds: SECONDS });
  const a = await measure(`${server.base}/api/auth/user`, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    headers: { cookie: cookie! },
  });

  const ratio = a.rps / b.rps;
  console.log(`\nBenchmark da fundação — ${CONNECTIONS} conexões, ${SECONDS} s por rota, ${machine}`);
  console.log('  servidor: dist/server/main.js, NODE_ENV=production, log info, PostgreSQL embutido próprio');
  console.log(`  rota Fastify vazia         ${fmt(b)}`);
  console.log(`  GET /api/auth/user (auth)  ${fmt(a)}`);
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
      `  JS inicial de /login     ${kb.toFixed(1)} KB gzip em ${js.files.length} arquivos   (meta <= 100 KB: ${kb <= 100 ? 'OK' : 'NÃO ATINGIDA'})`,
    );
  } catch (error) {
    console.log(`  JS inicial de /login     indisponível: ${(error as Error).message}`);
  }
});
