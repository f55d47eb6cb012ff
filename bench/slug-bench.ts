/**
 * Slug checker benchmark (issue #7). Two local sites on 127.0.0.1 (in a worker thread, their own event loop), the
 * full wordlist, 20 requests in flight:
 *  - a funnel site answering every request after 50 ms (3 real pages, a redirect, 404 for the rest): the scan's
 *    wall time against the ideal ceil(N/20) x 50 ms (target: within 5%), measured on the scan engine (median of 3
 *    runs after a warm-up, as in a running server), next to the floor of Node itself on this machine (undici alone,
 *    same 20 connections, no checks) and ffuf; then the whole POST /api/check-slugs of the built server as users
 *    run it (home page, robots.txt, sitemap, soft-404 calibration, debit and storage included), JSON and streamed;
 *  - a soft-404 site answering 200 to everything with the path echoed: pages reported as found (target: 0);
 *  - ffuf (-t 20; without and with its -ac calibration) on the same sites and list when ffuf is on PATH.
 *
 *   npm run bench:slug        (BENCH_SKIP_BUILD=1 when dist/ is current)
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Agent } from 'undici';
import { createScanClient } from '../src/server/modules/slug-checker/scan-client';
import { calibrate, runScan, SCAN_SETTINGS } from '../src/server/modules/slug-checker/scan-engine';
import { loadWordlist } from '../src/server/modules/slug-checker/wordlist';
import type { SlugCheckResponse } from '../src/shared/schemas/slug-checker';
import { buildApp, connect, machineLine, openSessions, run, startServer } from './bench-kit';

const LATENCY_MS = 50;
const IN_FLIGHT = SCAN_SETTINGS.concurrency;
const REAL_PAGES = ['obrigado', 'up1', 'vsl2'];

interface Site {
  origin: string;
  host: string;
  requests(): Promise<number>;
  close(): Promise<void>;
}

/**
 * The sites run in a worker thread: their own event loop, as a remote server would have, so the scanner's work
 * and the site's never wait on each other (the scan engine runs in this thread).
 */
const SITE_WORKER = `
const { createServer } = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { kind, latencyMs, realPages } = workerData;
const page = (title, text) =>
  '<!doctype html><html lang="pt-BR"><head><title>' + title + '</title></head><body><h1>' + title + '</h1>' + text + '</body></html>';
function answer(url) {
  if (kind === 'soft') {
    // 200 to everything, the path echoed in the page (and a changing number).
    return [200, page('Loja - ' + url, '<p>Você acessou <a href="' + url + '">' + url + '</a> em ' + Date.now() + '.</p><p>Confira nossas ofertas.</p>')];
  }
  const slug = url.slice(1);
  if (url === '/') return [200, page('Loja', '<p>Início</p>')];
  if (realPages.includes(slug)) return [200, page(slug, '<p>conteúdo</p>'.repeat(20 + slug.length * 5))];
  if (slug === 'checkout') return [302, '', '/pagamento'];
  return [404, page('404', '<p>Página não encontrada.</p>')];
}
let requests = 0;
const server = createServer((req, res) => {
  requests++;
  const [status, body, location] = answer(req.url || '/');
  setTimeout(() => {
    res.writeHead(status, Object.assign({ 'content-type': 'text/html; charset=utf-8' }, location ? { location } : {}));
    res.end(body);
  }, latencyMs);
});
server.keepAliveTimeout = 30000;
parentPort.on('message', (message) => {
  if (message === 'requests') parentPort.postMessage({ requests });
  if (message === 'close') { server.closeAllConnections(); server.close(() => parentPort.postMessage({ closed: true })); }
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
`;

async function startSite(kind: 'funnel' | 'soft', latencyMs: number): Promise<Site> {
  const worker = new Worker(SITE_WORKER, {
    eval: true,
    workerData: { kind, latencyMs, realPages: REAL_PAGES },
  });
  const ask = <T>(message: string, key: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (data: Record<string, T>) => {
        if (!(key in data)) return;
        worker.off('message', onMessage);
        resolve(data[key] as T);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      if (message) worker.postMessage(message);
    });
  const port = await ask<number>('', 'port');
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests: () => ask<number>('requests', 'requests'),
    close: async () => {
      await ask<boolean>('close', 'closed');
      await worker.terminate();
    },
  };
}

/** 50 ms per answer: three real pages, one redirect, an honest 404 for everything else. */
const funnelSite = () => startSite('funnel', LATENCY_MS);
/** 200 to everything, the path echoed in the page: ffuf's nightmare. */
const softNotFoundSite = () => startSite('soft', 0);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2).replace('.', ',')} s`;
const percent = (value: number) => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1).replace('.', ',')}%`;
const ideal = (n: number) => Math.ceil(n / IN_FLIGHT) * LATENCY_MS;

/** The scan engine alone (calibration first, not timed): the wall time of the N requests at 20 in flight. */
async function engineRun(site: Site, slugs: readonly string[]) {
  const client = createScanClient({ allowPrivateNetwork: true, connections: IN_FLIGHT });
  try {
    const origin = new URL(`${site.origin}/`);
    const calibration = await calibrate(client, origin, SCAN_SETTINGS);
    const started = performance.now();
    const { results } = await runScan(client, origin, slugs, calibration, SCAN_SETTINGS);
    const wall = performance.now() - started;
    if (results.length !== slugs.length)
      throw new Error(`o motor testou ${results.length} de ${slugs.length}`);
    return { wall, valid: results.filter((r) => r.isValid).length };
  } finally {
    await client.close();
  }
}

/** Node's floor on this machine: undici alone, the same 20 kept-alive connections, no checks, bodies read. */
async function undiciRun(site: Site, slugs: readonly string[]) {
  const agent = new Agent({ connections: IN_FLIGHT, pipelining: 1 });
  try {
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < slugs.length) {
          const slug = slugs[next++] as string;
          const res = await agent.request({ origin: site.origin, path: `/${slug}`, method: 'GET' });
          await res.body.arrayBuffer();
        }
      }),
    );
    return performance.now() - started;
  } finally {
    await agent.close();
  }
}

/** Three measured runs after one warm-up (a running server has its code optimised already); the median. */
async function medianOf3<T>(once: () => Promise<T>, wallOf: (value: T) => number) {
  await once();
  const runs: T[] = [];
  for (let i = 0; i < 3; i++) runs.push(await once());
  const walls = runs.map(wallOf);
  return { wall: median(walls), walls, last: runs[runs.length - 1] as T };
}

async function postScan(base: string, cookie: string, domain: string) {
  const started = performance.now();
  const res = await fetch(`${base}/api/check-slugs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({ domain }),
  });
  const body = (await res.json()) as SlugCheckResponse & { message?: string };
  if (res.status !== 200) throw new Error(`POST /api/check-slugs respondeu ${res.status}: ${body.message}`);
  return { wall: performance.now() - started, body };
}

/** The same POST as the screen sends it (Accept: text/event-stream): the wall time and the first result's. */
async function streamScan(base: string, cookie: string, domain: string) {
  const started = performance.now();
  const res = await fetch(`${base}/api/check-slugs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', origin: base, cookie },
    body: JSON.stringify({ domain }),
  });
  if (res.status !== 200 || !res.body)
    throw new Error(`POST /api/check-slugs (stream) respondeu ${res.status}`);
  let firstResult = 0;
  let lastResult = 0;
  let done = false;
  const decoder = new TextDecoder();
  let text = '';
  const reader = res.body.getReader();
  for (;;) {
    const { done: end, value } = await reader.read();
    if (end) break;
    text += decoder.decode(value, { stream: true });
    if (text.includes('event: result')) {
      lastResult = performance.now() - started;
      firstResult ||= lastResult;
    }
    if (text.includes('event: done')) done = true;
    text = text.slice(-64);
  }
  if (!done) throw new Error('o stream terminou sem o evento done');
  return { wall: performance.now() - started, firstResult, lastResult };
}

interface FfufRun {
  wall: number;
  found: number;
}

/** ffuf on `site` with the same list and 20 threads (async: the sites answer from this very process). */
async function ffufRun(site: Site, wordlist: string, dir: string, extra: string[] = []): Promise<FfufRun> {
  const out = path.join(dir, `ffuf-${Math.random().toString(36).slice(2)}.json`);
  const args = [
    '-u',
    `${site.origin}/FUZZ`,
    '-w',
    wordlist,
    '-t',
    String(IN_FLIGHT),
    '-s',
    '-of',
    'json',
    '-o',
    out,
  ];
  const started = performance.now();
  const child = spawn('ffuf', [...args, ...extra], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  const wall = performance.now() - started;
  if (code !== 0) throw new Error(`ffuf saiu com ${code}: ${stderr}`);
  const json = JSON.parse(await readFile(out, 'utf8')) as { results?: unknown[] };
  return { wall, found: json.results?.length ?? 0 };
}

function ffufVersion(): string | undefined {
  const r = spawnSync('ffuf', ['-V'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return undefined;
  return (r.stdout || r.stderr).match(/\d+\.\d+\.\d+/)?.[0] ?? 'desconhecida';
}

run(async (cleanup) => {
  const machine = machineLine();
  const slugs = loadWordlist();
  const n = slugs.length;
  buildApp();

  const funnel = await funnelSite();
  cleanup(funnel.close);
  const soft = await softNotFoundSite();
  cleanup(soft.close);
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'ce-slug-bench-'));
  cleanup(() => rm(tmp, { recursive: true, force: true }));

  // 1. In this process: Node's floor, then the scan engine.
  const floor = await medianOf3(
    () => undiciRun(funnel, slugs),
    (wall) => wall,
  );
  const engine = await medianOf3(
    () => engineRun(funnel, slugs),
    (r) => r.wall,
  );

  // 2. ffuf on the same sites and list.
  const version = ffufVersion();
  let ffuf:
    | { funnel: { wall: number; walls: number[]; last: FfufRun }; soft: FfufRun; softAc: FfufRun }
    | undefined;
  if (version) {
    const wordlist = path.join(tmp, 'wordlist.txt');
    await writeFile(wordlist, `${slugs.join('\n')}\n`);
    ffuf = {
      funnel: await medianOf3(
        () => ffufRun(funnel, wordlist, tmp),
        (r) => r.wall,
      ),
      soft: await ffufRun(soft, wordlist, tmp),
      softAc: await ffufRun(soft, wordlist, tmp, ['-ac']),
    };
  }

  // 3. The built server as users run it: one warm-up scan, then the JSON answer, the stream, the soft-404 site.
  const server = await startServer('slug', { ALLOW_PRIVATE_NETWORK_TARGETS: '1' });
  cleanup(server.stop);
  const db = await connect(server.databaseUrl);
  const admin = await db.query<{ id: string }>(`select id from users where role = 'admin' limit 1`);
  const userId = admin.rows[0]?.id;
  if (!userId) throw new Error('administrador não encontrado');
  await db.query(
    `with u as (update users set balance_cents = balance_cents + 10000 where id = $1 returning balance_cents)
     insert into balance_ledger (user_id, amount_cents, balance_after_cents, reason, reference)
     select $1, 10000, balance_cents, 'adjustment', 'bench' from u`,
    [userId],
  );
  const [cookie = ''] = await openSessions(db, [userId]);
  await db.end();
  await postScan(server.base, cookie, funnel.origin);
  const json = await postScan(server.base, cookie, funnel.origin);
  const stream = await streamScan(server.base, cookie, funnel.origin);
  const softScan = await postScan(server.base, cookie, soft.origin);

  const target = ideal(n);
  const over = (wall: number, ideal = target) => percent(wall / ideal - 1);
  const list = (walls: number[]) => walls.map(seconds).join(', ');
  const engineOver = engine.wall / target - 1;
  const serverIdeal = ideal(json.body.totalTested);
  console.log(`\nBenchmark do verificador de slugs — ${n} slugs, ${IN_FLIGHT} em voo, ${machine}`);
  console.log(
    `  site de funil: ${LATENCY_MS} ms por resposta; ideal ceil(${n}/${IN_FLIGHT}) x ${LATENCY_MS} ms = ${seconds(target)}; medianas de 3 após 1 aquecimento`,
  );
  console.log(
    `  motor do verificador            ${seconds(engine.wall)}  ${over(engine.wall)}  (meta <= 5%: ${engineOver <= 0.05 ? 'OK' : 'NÃO ATINGIDA'})  [${list(engine.walls)}]; ${engine.last.valid} páginas válidas`,
  );
  console.log(
    `  piso do Node (undici puro)      ${seconds(floor.wall)}  ${over(floor.wall)}  [${list(floor.walls)}]`,
  );
  if (ffuf) {
    console.log(
      `  ffuf ${version} -t ${IN_FLIGHT}               ${seconds(ffuf.funnel.wall)}  ${over(ffuf.funnel.wall)}  [${list(ffuf.funnel.walls)}]; ${ffuf.funnel.last.found} resultados (filtro padrão 200,204,301,302,307,401,403)`,
    );
  } else {
    console.log('  ffuf: não encontrado no PATH — comparação pulada (Debian: apt-get install ffuf)');
  }
  console.log(
    `  servidor, POST JSON             ${seconds(json.wall)}  ${over(json.wall, serverIdeal)}  (${json.body.totalTested} slugs; home, robots.txt, sitemap, calibração, débito e gravação incluídos); ${json.body.validUrls} válidas`,
  );
  console.log(
    `  servidor, POST com stream (tela) ${seconds(stream.wall)}  ${over(stream.wall, serverIdeal)}  resultados de ${Math.round(stream.firstResult)} a ${Math.round(stream.lastResult)} ms (${over(stream.lastResult - stream.firstResult + LATENCY_MS)} do ideal), fim ${Math.round(stream.wall - stream.lastResult)} ms depois`,
  );
  const softFlagged = softScan.body.results.filter((r) => r.softNotFound).length;
  console.log(`\n  site soft-404 (200 para tudo, caminho ecoado), ${softScan.body.totalTested} slugs:`);
  console.log(
    `  Clube Escala: ${softScan.body.validUrls} páginas encontradas (meta 0: ${softScan.body.validUrls === 0 ? 'OK' : 'NÃO ATINGIDA'}); ${softFlagged} marcadas soft-404; ${seconds(softScan.wall)}`,
  );
  if (ffuf) {
    console.log(
      `  ffuf ${version} sem calibração: ${ffuf.soft.found} "encontradas"; ${seconds(ffuf.soft.wall)}`,
    );
    console.log(
      `  ffuf ${version} -ac:            ${ffuf.softAc.found} "encontradas"; ${seconds(ffuf.softAc.wall)}`,
    );
  }
  console.log(`  requisições recebidas: funil ${await funnel.requests()}, soft-404 ${await soft.requests()}`);
});
