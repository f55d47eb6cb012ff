/**
 * What one offer change costs each app instance, and what the catalogue index holds in memory, at 50,000 offers
 * (issue #24): `npm run bench:catalogue-change`.
 *
 * The built server is started as users run it (its own process, its embedded PostgreSQL, migrations applied), the
 * catalogue is seeded through SQL, and this process then holds a catalogue index on that database exactly as an
 * instance does (the same CatalogueIndex, CatalogueCache and ChangeFeed classes, fed by the database's triggers):
 * - memory: the heap before and after the index is built, per visible offer (run with --expose-gc for exact
 *   figures: the npm script does);
 * - before: every change was a bare `offers` (migration 0003): the next read re-reads every visible offer;
 * - after: an edit names its offer (`offers:<id>`, migration 0016): the next read re-reads that row and moves it.
 * Each change is a real UPDATE of one offer; the time is from the change's arrival to the first catalogue page
 * answered, on this instance, median and p90 of 30. The server itself is measured by the other benches.
 */
import { performance } from 'node:perf_hooks';
import { createDatabase } from '../src/server/db/client';
import { ChangeFeed } from '../src/server/lib/change-feed';
import { CatalogueCache } from '../src/server/modules/offers/catalogue-cache';
import { CatalogueIndex } from '../src/server/modules/offers/catalogue-index';
import { presentSharedCard } from '../src/server/modules/offers/offers.presenters';
import { buildApp, connect, machineLine, run, startServer } from './bench-kit';
import { seedCatalogue } from './catalogue-seed';

const OFFERS = Number(process.env.BENCH_OFFERS ?? 50_000);
const CHANGES = 30;

const gc = (globalThis as { gc?: () => void }).gc;
const heap = () => {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

run(async (cleanup) => {
  console.log(machineLine());
  buildApp();
  const server = await startServer('catalogue-change');
  cleanup(server.stop);
  const admin = await connect(server.databaseUrl);
  cleanup(() => admin.end());
  const seeded = await seedCatalogue(admin, { offers: OFFERS });
  const visible = seeded.offers - seeded.hidden;
  console.log(`catálogo: ${seeded.offers} ofertas (${visible} visíveis), ${seeded.likes} curtidas`);
  const bytes = await admin.query<{ bytes: string }>(
    'select sum(pg_column_size(o.*))::bigint as bytes from offers o where visible',
  );
  console.log(`linhas visíveis no PostgreSQL: ${mb(Number(bytes.rows[0]!.bytes))}`);

  const database = createDatabase(server.databaseUrl, { max: 4 });
  cleanup(() => database.close());
  const feed = new ChangeFeed({ connectionString: server.databaseUrl });
  cleanup(() => feed.close());
  feed.start();
  await feed.whenLive();

  const before = heap();
  const index = new CatalogueIndex(database.db, 100_000, presentSharedCard);
  const cache = new CatalogueCache(feed, index);
  const page = () => index.query({ sort: 'recent', page: 1, pageSize: 24 });
  let started = performance.now();
  await page();
  const firstBuild = performance.now() - started;
  const after = heap();
  console.log(
    `índice: primeira leitura ${firstBuild.toFixed(0)} ms; memória ${mb(after - before)} ` +
      `= ${((after - before) / visible / 1024).toFixed(2)} KB por oferta visível${gc ? '' : ' (sem --expose-gc: aproximado)'}`,
  );

  const ids = (
    await admin.query<{ id: string }>(`select id from offers where visible order by id limit ${CHANGES}`)
  ).rows.map((r) => r.id);

  /** One change, then the first page answered: the time from the change's arrival on this instance. */
  async function timeChanges(kind: 'before' | 'after'): Promise<number[]> {
    const times: number[] = [];
    for (const [i, id] of ids.entries()) {
      if (kind === 'before') {
        // What every edit announced before migration 0016.
        await admin.query(`update offers set ads = ads + 1 where id = $1`, [id]);
        await feed.sync();
        cache.index?.onChange({ topic: 'offers', ids: [] });
      } else {
        await admin.query(`update offers set ads = ads + 1, roas = roas + 0.01 * $2 where id = $1`, [id, i]);
        await feed.sync();
      }
      started = performance.now();
      await page();
      times.push(performance.now() - started);
    }
    return times;
  }

  const buildsBefore = index.stats.builds;
  const full = await timeChanges('before');
  const buildsFull = index.stats.builds - buildsBefore;
  const moved = await timeChanges('after');
  const buildsMoved = index.stats.builds - buildsBefore - buildsFull;
  const line = (name: string, t: number[], builds: number) =>
    `${name.padEnd(44)} mediana ${quantile(t, 0.5).toFixed(1).padStart(7)} ms   p90 ${quantile(t, 0.9)
      .toFixed(1)
      .padStart(7)} ms   leituras do catálogo inteiro: ${builds}`;
  console.log(`\npor mudança de uma oferta (${CHANGES} mudanças, nesta instância):`);
  console.log(line('antes: `offers` sem ids, relê todas', full, buildsFull));
  console.log(line('depois: `offers:<id>`, relê a linha e a move', moved, buildsMoved));
  console.log(`memória depois de ${CHANGES * 2} mudanças: ${mb(heap() - before)}`);
});
