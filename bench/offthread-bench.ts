/**
 * Nothing freezes the server (issue #22): how members' requests are answered while a 40 MB clone is built.
 * A loopback site (24 photos of 1.2 MB, 6 scripts and 4 style sheets of ~1.2 MB of text naming those photos, a page
 * of 4,000 styled paragraphs: ~41 MB) is cloned through POST /api/clone-website by the built server, started as
 * `npm start` runs it (bench-kit.ts: its own process, NODE_ENV=production, log level info, embedded PostgreSQL,
 * 10,000 offers seeded). Meanwhile an open-loop load generator in this process sends BENCH_RATE requests a second
 * (half GET /api/health, half GET /api/offers as a signed-in member) on a fixed schedule, each request's latency
 * counted from the moment it was due: a frozen event loop shows as the whole queue of requests it held (no
 * coordinated omission). The server's event-loop delay is read from the client: nothing new is exposed.
 * Measured on two builds, side by side:
 *  - before: BENCH_BEFORE_REF (default 33ab6a4, main before worker threads: zipSync and the parses on the event
 *    loop), exported with `git archive` into a temp folder and its server built there (the client reused);
 *  - after: this checkout (the ZIP and the parses on worker threads).
 * Target: /api/health and catalogue p99 under 100 ms during the clone, after.
 *
 *   npm run bench:offthread    (BENCH_SKIP_BUILD=1 when dist/ is current; BENCH_CLONES, default 3; BENCH_RATE, 200;
 *                               BENCH_ONLY=depois measures this checkout alone, e.g. with BENCH_NODE_ARGS=--cpu-prof)
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startSite, type TestSite } from '../src/server/testing/loopback-site';
import { buildApp, connect, machineLine, openSessions, ROOT, run, startServer } from './bench-kit';
import { seedCatalogue } from './catalogue-seed';

const BEFORE_REF = process.env.BENCH_BEFORE_REF ?? '33ab6a4';
const CLONES = Number(process.env.BENCH_CLONES ?? 3);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const IDLE_SECONDS = 5;
const TARGET_MS = 100;

/** The ~41 MB site: incompressible photos, text files full of references the archive rewrites. */
async function startBigSite(): Promise<{ site: TestSite; bytes: number }> {
  const photos = Array.from({ length: 24 }, () =>
    Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(1_200_000)]),
  );
  const lines = (count: number, line: (n: number) => string) =>
    Array.from({ length: count }, (_, n) => line(n)).join('\n');
  // Inert scripts (assignments only) whose strings name the photos: the archive rewrites each of them.
  const script = (i: number) =>
    lines(16_000, (n) => `window.__f${i}_${n} = "/img/foto-${n % 24}.jpg"; // ${'x'.repeat(30)} linha ${n}`);
  const sheet = (i: number) =>
    lines(16_000, (n) => `.c${i}-${n}{background:url(/img/foto-${n % 24}.jpg) no-repeat;color:#${n % 999}}`);
  const scripts = Array.from({ length: 6 }, (_, i) => Buffer.from(script(i)));
  const sheets = Array.from({ length: 4 }, (_, i) => Buffer.from(sheet(i)));
  const page =
    Buffer.from(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Oferta grande</title>
${sheets.map((_, i) => `<link rel="stylesheet" href="/css/site-${i}.css">`).join('\n')}
</head><body>
${photos.map((_, i) => `<img src="/img/foto-${i}.jpg" width="200" height="120" alt="foto ${i}">`).join('\n')}
${lines(4_000, (n) => `<p style="background:url(/img/foto-${n % 24}.jpg) no-repeat -9999px 0">Parágrafo ${n} da oferta.</p>`)}
${scripts.map((_, i) => `<script src="/js/app-${i}.js"></script>`).join('\n')}
</body></html>`);
  const files = new Map<string, [string, Buffer]>([
    ['/', ['text/html; charset=utf-8', page]],
    ...photos.map((body, i): [string, [string, Buffer]] => [`/img/foto-${i}.jpg`, ['image/jpeg', body]]),
    ...scripts.map((body, i): [string, [string, Buffer]] => [`/js/app-${i}.js`, ['text/javascript', body]]),
    ...sheets.map((body, i): [string, [string, Buffer]] => [`/css/site-${i}.css`, ['text/css', body]]),
  ]);
  const site = await startSite((_req, res, p) => {
    const file = files.get(p);
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('não');
      return;
    }
    res.writeHead(200, { 'content-type': file[0], 'content-length': file[1].length });
    res.end(file[1]);
  });
  const bytes = [page, ...photos, ...scripts, ...sheets].reduce((sum, b) => sum + b.length, 0);
  return { site, bytes };
}

/** The code before worker threads, built in a temp folder (node_modules and the built client are linked). */
async function exportBefore(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ce-offthread-antes-'));
  const exported = spawnSync('sh', ['-c', `git archive ${BEFORE_REF} | tar -x -C "${dir}"`], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (exported.status !== 0) throw new Error(`git archive ${BEFORE_REF} falhou`);
  await symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  await mkdir(path.join(dir, 'dist'));
  await symlink(path.join(ROOT, 'dist', 'client'), path.join(dir, 'dist', 'client'));
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error('a compilação do servidor de antes falhou');
  return dir;
}

interface Latencies {
  health: number[];
  catalogue: number[];
  failed: number;
}

/**
 * Open-loop load: RATE requests a second on a fixed schedule, alternating health and catalogue; each latency is
 * from when the request was due to when its body was read. Only requests due while `recording()` count.
 */
function startLoad(base: string, cookie: string, recording: () => boolean) {
  const out: Latencies = { health: [], catalogue: [], failed: 0 };
  const interval = 1000 / RATE;
  const start = performance.now();
  let stopped = false;
  const inFlight = new Set<Promise<void>>();
  const fire = (i: number, due: number) => {
    const catalogue = i % 2 === 1;
    const counted = recording();
    const url = catalogue ? `${base}/api/offers` : `${base}/api/health`;
    const request = fetch(url, { headers: catalogue ? { cookie } : {} })
      .then(async (res) => {
        await res.arrayBuffer();
        if (!counted) return;
        if (res.status !== 200) out.failed++;
        else (catalogue ? out.catalogue : out.health).push(performance.now() - due);
        if (process.env.BENCH_DEBUG && performance.now() - due > 300)
          console.log(
            `lento ${url.slice(-10)} devido em ${((due - start) / 1000).toFixed(2)} s: ${(performance.now() - due).toFixed(0)} ms`,
          );
      })
      .catch(() => {
        if (counted) out.failed++;
      });
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
  };
  const loop = (async () => {
    for (let i = 0; !stopped; i++) {
      const due = start + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      fire(i, due);
    }
  })();
  return {
    out,
    async stop() {
      stopped = true;
      await loop;
      await Promise.all(inFlight);
    },
  };
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
};
const summary = (values: number[]) => ({
  n: values.length,
  p50: percentile(values, 50),
  p99: percentile(values, 99),
  max: Math.max(...values),
});
type Summary = ReturnType<typeof summary>;

interface Result {
  idle: { health: Summary; catalogue: Summary };
  clone: { health: Summary; catalogue: Summary; failed: number };
  cloneSeconds: number[];
  zipMb: number;
  files: number;
}

async function measureServer(name: string, root: string, siteUrl: string): Promise<Result> {
  const server = await startServer(name, { ALLOW_PRIVATE_NETWORK_TARGETS: '1' }, root);
  try {
    const db = await connect(server.databaseUrl);
    await seedCatalogue(db);
    const admin = await db.query<{ id: string }>(`select id from users where role = 'admin' limit 1`);
    const member = await db.query<{ id: string }>(`select id from users where email = 'membro1@bench.test'`);
    const [adminCookie = '', memberCookie = ''] = await openSessions(db, [
      admin.rows[0]?.id ?? '',
      member.rows[0]?.id ?? '',
    ]);
    await db.end();

    const cloneOnce = async () => {
      const started = performance.now();
      const res = await fetch(`${server.base}/api/clone-website`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: adminCookie, origin: server.base },
        body: JSON.stringify({ url: siteUrl }),
      });
      const body = (await res.json()) as { success: boolean; downloadUrl: string; fileCount: number };
      const seconds = (performance.now() - started) / 1000;
      if (!body.success) throw new Error(`clone falhou (${name}): ${res.status} ${JSON.stringify(body)}`);
      const zip = await (
        await fetch(`${server.base}${body.downloadUrl}`, { headers: { cookie: adminCookie } })
      ).arrayBuffer();
      return { seconds, zipMb: zip.byteLength / 1e6, files: body.fileCount };
    };

    // Warm-up: the catalogue's first load, the kept-warm browser, the worker thread.
    for (let i = 0; i < 20; i++)
      await (await fetch(`${server.base}/api/offers`, { headers: { cookie: memberCookie } })).arrayBuffer();
    await cloneOnce();

    let recording = true;
    const idle = startLoad(server.base, memberCookie, () => recording);
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    recording = false;
    await idle.stop();

    let cloning = false;
    const own = monitorEventLoopDelay({ resolution: 5 });
    const load = startLoad(server.base, memberCookie, () => cloning);
    await new Promise((r) => setTimeout(r, 500));
    const clones = [];
    for (let i = 0; i < CLONES; i++) {
      cloning = true;
      own.enable();
      clones.push(await cloneOnce());
      own.disable();
      cloning = false;
      await new Promise((r) => setTimeout(r, 500));
    }
    await load.stop();
    console.log(
      `[bench] ${name}: atraso do laço do próprio bench durante os clones p99 ${(own.percentile(99) / 1e6).toFixed(0)} ms, máx ${(own.max / 1e6).toFixed(0)} ms`,
    );
    return {
      idle: { health: summary(idle.out.health), catalogue: summary(idle.out.catalogue) },
      clone: {
        health: summary(load.out.health),
        catalogue: summary(load.out.catalogue),
        failed: load.out.failed,
      },
      cloneSeconds: clones.map((c) => c.seconds),
      zipMb: clones[0]?.zipMb ?? 0,
      files: clones[0]?.files ?? 0,
    };
  } finally {
    await server.stop();
  }
}

const ms = (v: number) => `${v.toFixed(0)} ms`;
const cell = (s: Summary) => `p50 ${ms(s.p50)} · p99 ${ms(s.p99)} · máx ${ms(s.max)}`.padEnd(38);

/**
 * The big site in a process of its own: serving 41 MB from this process stalled the load generator's own loop (up
 * to ~550 ms), and those stalls were counted as the server's latency.
 */
async function startBigSiteProcess(): Promise<{ url: string; bytes: number; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, '--site'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const first = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(text.split('\n')[0]!);
    });
    child.once('exit', (code) => reject(new Error(`o site do benchmark terminou (código ${code})`)));
  });
  const { url, bytes } = JSON.parse(first) as { url: string; bytes: number };
  return {
    url,
    bytes,
    stop: async () => {
      child.kill();
    },
  };
}

if (process.argv[2] === '--site') {
  const { site, bytes } = await startBigSite();
  console.log(JSON.stringify({ url: site.url('/'), bytes }));
} else
  run(async (cleanup) => {
    const machine = machineLine();
    buildApp();
    const site = await startBigSiteProcess();
    const bytes = site.bytes;
    cleanup(site.stop);
    const only = process.env.BENCH_ONLY;
    let before: Result | undefined;
    if (only !== 'depois') {
      console.log(`[bench] exportando ${BEFORE_REF} (antes) e compilando o servidor ...`);
      const beforeDir = await exportBefore();
      cleanup(() => rm(beforeDir, { recursive: true, force: true }));
      console.log('[bench] medindo antes ...');
      before = await measureServer('antes', beforeDir, site.url);
    }
    console.log('[bench] medindo depois ...');
    const after = await measureServer('depois', ROOT, site.url);
    before ??= after;

    console.log(
      `\nBenchmark do laço de eventos durante um clone de ${(bytes / 1e6).toFixed(1)} MB — ${RATE} req/s em laço aberto ` +
        `(metade /api/health, metade GET /api/offers com 10.000 ofertas), ${CLONES} clones, ${machine}`,
    );
    console.log(
      '  servidor: dist/server/main.js como o npm start, NODE_ENV=production, log info, PostgreSQL embutido',
    );
    const header = `  ${''.padEnd(34)}${`antes (${BEFORE_REF}: na thread)`.padEnd(38)}depois (worker threads)`;
    console.log(header);
    const row = (label: string, a: Summary, b: Summary) =>
      console.log(`  ${label.padEnd(34)}${cell(a)}${cell(b)}`);
    row('/api/health, sem clone', before.idle.health, after.idle.health);
    row('/api/offers, sem clone', before.idle.catalogue, after.idle.catalogue);
    row('/api/health, durante o clone', before.clone.health, after.clone.health);
    row('/api/offers, durante o clone', before.clone.catalogue, after.clone.catalogue);
    const times = (r: Result) => `${r.cloneSeconds.map((s) => s.toFixed(1)).join(' / ')} s`.padEnd(38);
    console.log(`  ${'clone (cada um)'.padEnd(34)}${times(before)}${times(after)}`);
    const zip = (r: Result) => `${r.zipMb.toFixed(1)} MB, ${r.files} arquivos`.padEnd(38);
    console.log(`  ${'ZIP'.padEnd(34)}${zip(before)}${zip(after)}`);
    console.log(
      `  ${'pedidos com falha durante o clone'.padEnd(34)}${String(before.clone.failed).padEnd(38)}${after.clone.failed}`,
    );
    const ok =
      after.clone.health.p99 < TARGET_MS && after.clone.catalogue.p99 < TARGET_MS && after.clone.failed === 0;
    console.log(
      `  meta (p99 de /api/health e do catálogo < ${TARGET_MS} ms durante o clone, depois): ${ok ? 'ATINGIDA' : 'NÃO ATINGIDA'}`,
    );
  });
