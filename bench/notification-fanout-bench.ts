/**
 * Notification fan-out (issue #27), on the server as users run it (bench-kit.ts: built, `npm start`'s flags, its own
 * embedded PostgreSQL, default log level, e-mails as .eml files since no SMTP_URL is set):
 *  1. the administrator's notice to 50,000 members: POST /api/admin/notifications writes the bell rows and queues the
 *     e-mails in one transaction, so its answer is the time to the last bell row and mail queued;
 *  2. one post receiving 500 events — 250 likes and 250 comments mentioning its author — sent 20 at a time by 500
 *     members: time until the last one is answered, the bundled notices it left and the e-mails queued;
 * meanwhile 10 connections keep asking GET /api/notifications/unread-count and GET /api/community/posts as other members
 * (every request's latency is recorded: the target is none above 100 ms).
 *
 *   npm run bench:notifications        (BENCH_MEMBERS changes the 50,000)
 */
import { hashPassword } from '../src/server/lib/crypto';
import { buildApp, connect, machineLine, openSessions, run, startServer } from './bench-kit';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50_000);
const EVENTS = 500;
const PROBE_CONNECTIONS = 10;
const TARGET_MS = 100;

interface Probe {
  latencies: number[];
  errors: number;
  stop(): Promise<void>;
}

/** Other members reading while the fan-out runs: each connection loops over two reads, timing every request. */
function startProbe(base: string, cookies: string[]): Probe {
  const latencies: number[] = [];
  let errors = 0;
  let running = true;
  const paths = ['/api/notifications/unread-count', '/api/community/posts'];
  const loops = cookies.slice(0, PROBE_CONNECTIONS).map(async (cookie, i) => {
    let n = i;
    while (running) {
      const started = performance.now();
      const res = await fetch(`${base}${paths[n++ % paths.length]}`, { headers: { cookie } }).catch(
        () => null,
      );
      if (res?.status !== 200) errors++;
      await res?.arrayBuffer();
      latencies.push(performance.now() - started);
    }
  });
  return {
    latencies,
    get errors() {
      return errors;
    },
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const describe = (values: number[]) =>
  `${values.length} pedidos, p50 ${quantile(values, 0.5).toFixed(1)} ms, p99 ${quantile(values, 0.99).toFixed(1)} ms, ` +
  `máx ${Math.max(...values).toFixed(1)} ms, acima de ${TARGET_MS} ms: ${values.filter((v) => v > TARGET_MS).length}`;

run(async (cleanup) => {
  const machine = machineLine();
  buildApp();
  const server = await startServer('avisos');
  cleanup(server.stop);
  const db = await connect(server.databaseUrl);
  cleanup(() => db.end());

  const seedStarted = performance.now();
  const passwordHash = await hashPassword('bench-senha');
  await db.query(
    `insert into users (name, email, password_hash, unique_id, email_verified, status)
     select 'Membro ' || g, 'membro' || g || '@bench.test', $1, lpad(g::text, 6, '0'), true, 'Ativo'
     from generate_series(1, ${MEMBERS}) g`,
    [passwordHash],
  );
  const members = (
    await db.query<{ id: string }>(
      `select id from users where email like '%@bench.test' order by unique_id limit ${EVENTS + 1 + PROBE_CONNECTIONS}`,
    )
  ).rows.map((r) => r.id);
  const admin = (await db.query<{ id: string }>(`select id from users where role = 'admin' limit 1`)).rows[0]!
    .id;
  const [adminCookie] = await openSessions(db, [admin]);
  const cookies = await openSessions(db, members);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const author = cookies[0]!;
  const actors = cookies.slice(1, EVENTS + 1);
  const probeCookies = cookies.slice(EVENTS + 1);
  const origin = { origin: server.base, 'content-type': 'application/json' };

  // 0. The same reads with nothing else going on: the machine's own noise, to compare with.
  let probe = startProbe(server.base, probeCookies);
  await new Promise((r) => setTimeout(r, 6000));
  await probe.stop();
  const quiet = probe.latencies;

  // 1. The administrator's notice to everyone.
  probe = startProbe(server.base, probeCookies);
  await new Promise((r) => setTimeout(r, 1000));
  const noticeStarted = performance.now();
  const notice = await fetch(`${server.base}/api/admin/notifications`, {
    method: 'POST',
    headers: { ...origin, cookie: adminCookie! },
    body: JSON.stringify({ title: 'Call extra na sexta', description: 'Às 20h, na aba Calls ao Vivo.' }),
  });
  const noticeMs = performance.now() - noticeStarted;
  if (notice.status !== 201) throw new Error(`POST /api/admin/notifications respondeu ${notice.status}`);
  const noticeId = ((await notice.json()) as { id: string }).id;
  await new Promise((r) => setTimeout(r, 1000));
  await probe.stop();
  const fanout = probe.latencies;
  const fanoutErrors = probe.errors;
  const bell = await db.query<{ n: number }>(
    'select count(*)::int as n from user_notifications where notification_id = $1',
    [noticeId],
  );
  const queued = await db.query<{ n: number; hourly: number }>(
    `select count(*)::int as n, count(*) filter (where mode = 'hourly')::int as hourly
     from notification_deliveries where notification_id = $1`,
    [noticeId],
  );

  // 2. One post, 500 events: likes and comments that mention its author.
  const authorId = members[0]!;
  const post = await fetch(`${server.base}/api/community/posts`, {
    method: 'POST',
    headers: { ...origin, cookie: author },
    body: JSON.stringify({
      title: 'Meu funil de R$ 10 mil por dia',
      description: 'Como montei o funil',
      nicho: 'Renda Extra',
      formato: 'VSL',
      categoria: 'E-Commerce',
    }),
  });
  if (post.status !== 201) throw new Error(`POST /api/community/posts respondeu ${post.status}`);
  const postId = ((await post.json()) as { id: string }).id;
  probe = startProbe(server.base, probeCookies);
  await new Promise((r) => setTimeout(r, 1000));
  const eventTimes: number[] = [];
  let eventErrors = 0;
  const eventsStarted = performance.now();
  for (let i = 0; i < actors.length; i += 20) {
    await Promise.all(
      actors.slice(i, i + 20).map(async (cookie, j) => {
        const liked = (i + j) % 2 === 0;
        const started = performance.now();
        const res = await fetch(
          `${server.base}/api/posts/${postId}/${liked ? 'like' : 'comments'}`,
          liked
            ? { method: 'POST', headers: { origin: server.base, cookie } }
            : {
                method: 'POST',
                headers: { ...origin, cookie },
                body: JSON.stringify({ content: `@[Membro 1](${authorId}) olha isso!` }),
              },
        );
        if (res.status !== 200 && res.status !== 201) eventErrors++;
        await res.arrayBuffer();
        eventTimes.push(performance.now() - started);
      }),
    );
  }
  const eventsMs = performance.now() - eventsStarted;
  await new Promise((r) => setTimeout(r, 1000));
  await probe.stop();
  const notices = await db.query<{ kind: string; title: string }>(
    `select n.kind, n.title from notifications n where n.recipient_user_id = $1 order by n.kind`,
    [authorId],
  );
  const authorMails = await db.query<{ kind: string; n: number }>(
    `select kind, count(*)::int as n from notification_deliveries
     where user_id = $1 and notification_id is not null and kind <> 'admin' group by kind order by kind`,
    [authorId],
  );

  console.log(`\nAvisos em massa (issue #27) — ${machine}`);
  console.log(
    '  servidor: dist/server/main.js, NODE_ENV=production, log info, PostgreSQL embutido próprio, sem SMTP (.eml)',
  );
  console.log(
    `  dados: ${MEMBERS.toLocaleString('pt-BR')} membros (semeados em ${seedSeconds.toFixed(1)} s)`,
  );
  console.log(`\n  0. Só as leituras, nada mais acontecendo (6 s): ${describe(quiet)}`);
  console.log(`\n  1. Aviso do administrador para todos: resposta em ${noticeMs.toFixed(0)} ms`);
  console.log(
    `     linhas do sino: ${bell.rows[0]!.n.toLocaleString('pt-BR')}; e-mails na fila: ${queued.rows[0]!.n.toLocaleString('pt-BR')} ` +
      `(${queued.rows[0]!.hourly.toLocaleString('pt-BR')} para a próxima hora cheia, o padrão dos avisos do administrador)`,
  );
  console.log(
    `     leituras de outros membros enquanto isso (${PROBE_CONNECTIONS} conexões): ${describe(fanout)}, erros ${fanoutErrors}`,
  );
  console.log(
    `\n  2. Um post com ${EVENTS} eventos (${EVENTS / 2} curtidas, ${EVENTS / 2} comentários com menção ao autor), 20 por vez: ` +
      `${eventsMs.toFixed(0)} ms até o último respondido; erros ${eventErrors}`,
  );
  console.log(`     cada evento: ${describe(eventTimes)}`);
  console.log(
    `     avisos do autor depois: ${notices.rows.map((n) => `${n.kind} "${n.title}"`).join('; ')}; ` +
      `entregas na fila: ${authorMails.rows.map((r) => `${r.kind} ${r.n}`).join(', ')}`,
  );
  console.log(
    `     leituras de outros membros enquanto isso: ${describe(probe.latencies)}, erros ${probe.errors}`,
  );
  const worst = Math.max(...fanout, ...probe.latencies);
  console.log(
    `\n  Meta: nenhuma leitura de outro membro acima de ${TARGET_MS} ms — ${worst <= TARGET_MS ? 'OK' : `NÃO ATINGIDA (máx ${worst.toFixed(1)} ms)`}`,
  );
});
