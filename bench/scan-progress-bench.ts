/**
 * What writing a scan's progress to the database costs (issue #24): full scans of the wordlist (1,377 slugs, 20 in
 * flight) against a site answering after 50 ms, through prepareSlugCheck/runSlugCheck on an embedded PostgreSQL, as
 * the server runs them. Prints each scan's wall time next to the ideal ceil(N/20) x 50 ms, the UPDATEs of the scan's
 * row (batched progress + lease renewals + the end) and the time a reader on another connection sees the first batch.
 *
 *   npm run bench:scan-progress
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createDatabase } from '../src/server/db/client';
import { startEmbeddedPostgres } from '../src/server/db/embedded';
import { runMigrations } from '../src/server/db/migrate';
import { slugScans, users } from '../src/server/db/schema/index';
import { prepareSlugCheck, runSlugCheck } from '../src/server/modules/slug-checker/slug-checker.service';
import { createUser } from '../src/server/modules/users/users.repo';
import { machineLine, run } from './bench-kit';

const LATENCY_MS = 50;
const RUNS = 3;

run(async (cleanup) => {
  console.log(`[bench] ${machineLine()}`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ce-scan-progress-'));
  cleanup(() => rm(dir, { recursive: true, force: true }));
  const pg = await startEmbeddedPostgres({ dir: path.join(dir, 'pg') });
  cleanup(() => pg.stop());
  await runMigrations(pg.url);

  const site = createServer((req, res) =>
    setTimeout(() => {
      const status = req.url === '/' || req.url === '/obrigado' ? 200 : 404;
      res.writeHead(status, { 'content-type': 'text/html' }).end(`<h1>${status}</h1><p>${req.url}</p>`);
    }, LATENCY_MS),
  );
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  cleanup(() => new Promise<void>((resolve) => site.close(() => resolve())));
  const host = `127.0.0.1:${(site.address() as AddressInfo).port}`;

  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dir,
    DATABASE_URL: pg.url,
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    ALLOW_PRIVATE_NETWORK_TARGETS: '1',
  });
  const database = createDatabase(pg.url, { max: 10 });
  cleanup(() => database.close());
  const app = await buildApp({ config, database, mailer: { destination: 'nenhum', send: async () => {} } });
  await app.ready();
  cleanup(() => app.close());
  const reader = createDatabase(pg.url, { max: 1 });
  cleanup(() => reader.close());

  const user = await createUser(database.db, {
    name: 'Bench',
    email: 'bench@example.com',
    passwordHash: 'x',
    emailVerified: true,
    trialCreditCents: 0,
  });
  await database.db
    .update(users)
    .set({ balanceCents: 100 * (RUNS + 1) })
    .where(eq(users.id, user.id));
  const deps = { db: database.db, config, jobs: app.jobs, workers: app.workers };
  const updates = async () =>
    Number(
      (
        await database.db.execute<{ n: string }>(
          sql`select n_tup_upd::text as n from pg_stat_user_tables where relname = 'slug_scans'`,
        )
      ).rows[0]?.n ?? 0,
    );

  for (let i = 0; i <= RUNS; i++) {
    const before = await updates();
    const started = performance.now();
    const scan = await prepareSlugCheck(deps, user.id, { domain: host });
    let firstSeen = 0;
    const watch = (async () => {
      while (!firstSeen) {
        const [row] = await reader.db
          .select({ tested: slugScans.totalTested })
          .from(slugScans)
          .where(eq(slugScans.id, scan.scanId));
        if ((row?.tested ?? 0) > 0) firstSeen = performance.now();
        else await new Promise((r) => setTimeout(r, 10));
      }
    })();
    let firstResult = 0;
    const body = await runSlugCheck(deps, scan, {
      onResult: () => {
        firstResult ||= performance.now();
      },
    });
    const wall = performance.now() - started;
    await watch;
    // pg_stat counters are flushed by the backend at the end of its transaction, with a small delay.
    await new Promise((r) => setTimeout(r, 700));
    const writes = (await updates()) - before;
    const ideal = Math.ceil(body.totalTested / 20) * LATENCY_MS;
    const label = i === 0 ? 'aquecimento' : `execução ${i}`;
    console.log(
      `[bench] ${label}: ${body.totalTested} slugs em ${(wall / 1000).toFixed(2)} s (ideal da varredura ${(ideal / 1000).toFixed(2)} s), ` +
        `${writes} UPDATEs da linha, primeiro lote visível a outra conexão ${(firstSeen - firstResult).toFixed(0)} ms após o primeiro resultado`,
    );
  }
});
