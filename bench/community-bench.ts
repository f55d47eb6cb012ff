/**
 * Community benchmark (issue #8), measured on the server as users run it (see bench-kit.ts). Seeds 500 members,
 * 3,000 posts (2,700 in the community feed, 300 on the promotion board), 10,000 post likes and 6,000 comments into
 * the server's own cluster, signs one member in, then measures at 20 connections:
 *  - the first page of the community feed, GET /api/community/posts (20 cards with counts and the reader's likes);
 *  - the like counts of that page, GET /api/community/posts/like-counts?ids=<20 ids>;
 *  - the monthly ranking, GET /api/ranking/monthly (10,000 likes of this month).
 * Target: p95 under 50 ms for the first two. autocannon reports p90 and p97.5: met when p97.5 < 50 ms.
 * BENCH_ROOT measures another checkout; BENCH_SKIP_BUILD=1 reuses its dist/; BENCH_SECONDS sets the run length.
 */
import { fmt, machineLine, measure, run, startSeededServer } from './bench-kit';
import { MEMBERS, seedCommunity } from './community-seed';

const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const TARGET_MS = 50;

run(async (cleanup) => {
  const machine = machineLine();
  const { base, seeded, seedSeconds, headers } = await startSeededServer(
    'comunidade',
    seedCommunity,
    cleanup,
  );

  const first = await fetch(`${base}/api/community/posts`, { headers });
  if (first.status !== 200) throw new Error(`GET /api/community/posts respondeu ${first.status}`);
  const page = (await first.json()) as { items: { id: string; likeCount: number }[]; total: number };
  if (page.items.length === 0) throw new Error('a primeira página veio vazia');
  const countsPath = `/api/community/posts/like-counts?ids=${page.items.map((p) => p.id).join(',')}`;
  const counts = (await (await fetch(`${base}${countsPath}`, { headers })).json()) as Record<string, number>;
  const mismatched = page.items.filter((p) => counts[p.id] !== p.likeCount);
  if (mismatched.length) throw new Error(`contagens divergentes para ${mismatched.length} posts`);
  const ranking = (await (await fetch(`${base}/api/ranking/monthly`, { headers })).json()) as unknown[];

  const runs = [
    {
      name: `GET /api/community/posts (1ª página, ${page.items.length} de ${page.total})`,
      path: '/api/community/posts',
      target: true,
    },
    {
      name: `GET /api/community/posts/like-counts (${page.items.length} ids)`,
      path: countsPath,
      target: true,
    },
    {
      name: `GET /api/ranking/monthly (${ranking.length} colocados)`,
      path: '/api/ranking/monthly',
      target: false,
    },
  ];
  const results = [];
  for (const r of runs) {
    results.push({
      ...r,
      m: await measure(`${base}${r.path}`, { connections: CONNECTIONS, seconds: SECONDS, headers }),
    });
  }

  console.log(`\nBenchmark da comunidade — ${CONNECTIONS} conexões, ${SECONDS} s por rota, ${machine}`);
  console.log('  servidor: dist/server/main.js, NODE_ENV=production, log info, PostgreSQL embutido próprio');
  console.log(
    `  dados: ${MEMBERS} membros, ${seeded.posts} posts (${seeded.community} na Comunidade), ${seeded.likes} curtidas, ` +
      `${seeded.comments} comentários (semeados em ${seedSeconds.toFixed(1)} s)`,
  );
  for (const r of results) {
    const verdict = r.target
      ? `(meta p95 < ${TARGET_MS} ms: ${r.m.p97_5 < TARGET_MS ? 'OK, p97.5 abaixo' : 'NÃO ATINGIDA'})`
      : '(sem meta)';
    console.log(`  ${r.name}`);
    console.log(`    ${fmt(r.m)}   ${verdict}`);
  }
});
