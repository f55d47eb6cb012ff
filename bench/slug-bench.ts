/**
 * Slug checker benchmark (issues #7 and #26). Local sites on 127.0.0.1 (in a worker thread, their own event loop), the
 * full wordlist, 20 requests in flight:
 *  - a funnel site answering every request after 50 ms (3 real pages, a redirect, robots.txt and a sitemap giving
 *    away a few paths, 404 for the rest): the whole scan as runSlugCheck runs it (soft-404 calibration and
 *    robots.txt/sitemap included, N = the slugs tested) against the ideal ceil(N/20) x 50 ms (target: within 8%),
 *    next to the same work done the old way (calibration and discovery first, then the list), the engine alone
 *    (calibrated beforehand), the floor of Node itself on this machine (undici alone, same 20 connections, no checks)
 *    and ffuf (-ac, its calibration included); medians of 3 runs after a warm-up, as in a running server; then the
 *    whole POST /api/check-slugs of the built server as users run it (home page, debit and storage included), JSON
 *    and streamed;
 *  - a soft-404 site answering 200 to everything with the path echoed, and a WordPress-like one whose "not found"
 *    template also says 'Vendas', 'Checkout seguro' and 'Obrigado': pages reported as found (target: 0, and 1 on
 *    the second, its one real page);
 *  - ffuf (-t 20; without and with its -ac calibration) on the same sites and list when ffuf is on PATH ("ffuf
 *    ausente" otherwise).
 *
 *   npm run bench:slug        (BENCH_SKIP_BUILD=1 when dist/ is current)
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { Agent } from 'undici';
import type * as DiscoveryModule from '../src/server/modules/slug-checker/discovery';
import type * as ClientModule from '../src/server/modules/slug-checker/scan-client';
import type * as EngineModule from '../src/server/modules/slug-checker/scan-engine';
import { SCAN_SETTINGS } from '../src/server/modules/slug-checker/scan-engine';
import { loadWordlist } from '../src/server/modules/slug-checker/wordlist';
import type { SlugCheckResponse } from '../src/shared/schemas/slug-checker';
import { buildApp, connect, machineLine, openSessions, ROOT, run, startServer } from './bench-kit';

type Engine = typeof EngineModule & typeof ClientModule & typeof DiscoveryModule;

/**
 * The scan engine as the server runs it: bundled by esbuild with the settings of scripts/build-server.mjs. Run from
 * the TypeScript sources (tsx), every closure the guarded client makes per request pays a `__name` helper that the
 * built server does not have (~10% of the scan's CPU in a profile).
 */
async function loadBuiltEngine(): Promise<Engine> {
  const outfile = path.join(ROOT, 'dist', 'bench', 'slug-engine.mjs');
  const dir = './src/server/modules/slug-checker';
  await build({
    stdin: {
      contents: `export * from '${dir}/scan-engine'; export * from '${dir}/scan-client'; export * from '${dir}/discovery';`,
      resolveDir: ROOT,
      loader: 'ts',
      sourcefile: 'slug-bench-entry.ts',
    },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return (await import(pathToFileURL(outfile).href)) as Engine;
}
let E: Engine;

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
const origin = () => 'http://127.0.0.1:' + server.address().port;
function answer(url) {
  if (kind === 'template') {
    // WordPress-like: 200 to everything, the path echoed, and the template's own words ('Vendas', 'Checkout', 'Obrigado').
    const menu = '<nav><a href="/">Início</a> <a href="/vendas">Vendas</a> <a href="/blog">Blog</a></nav>';
    const footer = '<footer>Checkout seguro · Obrigado pela visita · vendas@loja.com.br</footer>';
    if (url === '/oferta-relampago') return [200, page('Oferta relâmpago', menu + '<p>Garanta hoje com 70% de desconto.</p>'.repeat(15) + footer)];
    return [200, page('Página não encontrada: ' + url + ' - Loja', menu + '<h1>Ops! ' + url + ' não existe</h1><p>Volte para as Vendas.</p>' + footer)];
  }
  if (kind === 'soft') {
    // 200 to everything, the path echoed in the page (and a changing number).
    return [200, page('Loja - ' + url, '<p>Você acessou <a href="' + url + '">' + url + '</a> em ' + Date.now() + '.</p><p>Confira nossas ofertas.</p>')];
  }
  const slug = url.slice(1);
  if (url === '/') return [200, page('Loja', '<p>Início</p>')];
  if (url === '/robots.txt') return [200, 'User-agent: *\\nDisallow: /area-restrita/\\nAllow: /up1\\nSitemap: ' + origin() + '/sitemap.xml\\n'];
  if (url === '/sitemap.xml')
    return [200, '<urlset><url><loc>' + origin() + '/obrigado</loc></url><url><loc>' + origin() + '/oferta-black-99</loc></url></urlset>'];
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

async function startSite(kind: 'funnel' | 'soft' | 'template', latencyMs: number): Promise<Site> {
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
/** 200 to everything with a template that echoes the path and says 'Vendas', 'Checkout', 'Obrigado' itself. */
const templateSite = () => startSite('template', 0);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2).replace('.', ',')} s`;
const percent = (value: number) => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1).replace('.', ',')}%`;
const ideal = (n: number) => Math.ceil(n / IN_FLIGHT) * LATENCY_MS;

/** The scan engine alone (calibration first, not timed): the wall time of the N requests at 20 in flight. */
async function engineRun(site: Site, slugs: readonly string[]) {
  const client = E.createScanClient({ allowPrivateNetwork: true, connections: IN_FLIGHT });
  try {
    const origin = new URL(`${site.origin}/`);
    const calibration = await E.calibrate(client, origin, SCAN_SETTINGS);
    const started = performance.now();
    const { results } = await E.runScan(client, origin, slugs, calibration, SCAN_SETTINGS);
    const wall = performance.now() - started;
    if (results.length !== slugs.length)
      throw new Error(`o motor testou ${results.length} de ${slugs.length}`);
    return { wall, valid: results.filter((r) => r.isValid).length };
  } finally {
    await client.close();
  }
}

const readSitemap = async (xml: string) => E.parseSitemap(xml);

/**
 * The whole scan as runSlugCheck runs it (without the database): calibration probes, robots.txt/sitemap and the list
 * within the same 20 in flight, from the first moment. N is what was tested (the list and the discovered paths).
 */
async function wholeScanRun(site: Site, slugs: readonly string[]) {
  const client = E.createScanClient({ allowPrivateNetwork: true, connections: IN_FLIGHT });
  try {
    const origin = new URL(`${site.origin}/`);
    const started = performance.now();
    const { results } = await E.scanSite(
      client,
      origin,
      {
        slugs,
        discover: async (limited, signal) => {
          const found = await E.discoverPaths(limited, origin, readSitemap, signal);
          return [...found.robots, ...found.sitemap];
        },
      },
      SCAN_SETTINGS,
    );
    const wall = performance.now() - started;
    return { wall, n: results.length, valid: results.filter((r) => r.isValid).length };
  } finally {
    await client.close();
  }
}

/** The same work the old way (before #26): calibration and robots/sitemap first (together), then the list. */
async function sequentialRun(site: Site, slugs: readonly string[]) {
  const client = E.createScanClient({ allowPrivateNetwork: true, connections: IN_FLIGHT });
  try {
    const origin = new URL(`${site.origin}/`);
    const started = performance.now();
    const [found, calibration] = await Promise.all([
      E.discoverPaths(client, origin, readSitemap),
      E.calibrate(client, origin, SCAN_SETTINGS),
    ]);
    const list = [...new Set([...found.robots, ...found.sitemap, ...slugs])];
    const { results } = await E.runScan(client, origin, list, calibration, SCAN_SETTINGS);
    const wall = performance.now() - started;
    return { wall, n: results.length };
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
  // The server's own split (Server-Timing): reaching the site and charging, the scan, the funnel's one hop.
  const timing = Object.fromEntries(
    (res.headers.get('server-timing') ?? '').split(', ').map((part) => {
      const [name = '', dur] = part.split(';dur=');
      return [name, Number(dur)];
    }),
  ) as { prepare?: number; scan?: number; funnel?: number };
  return { wall: performance.now() - started, body, timing };
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
  E = await loadBuiltEngine();

  const funnel = await funnelSite();
  cleanup(funnel.close);
  const soft = await softNotFoundSite();
  cleanup(soft.close);
  const template = await templateSite();
  cleanup(template.close);
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'ce-slug-bench-'));
  cleanup(() => rm(tmp, { recursive: true, force: true }));

  // 1. In this process: Node's floor, the engine alone, the old order and the whole scan (interleaved rounds, so the
  // machine's noise falls on all of them alike).
  await undiciRun(funnel, slugs);
  await engineRun(funnel, slugs);
  await sequentialRun(funnel, slugs);
  await wholeScanRun(funnel, slugs);
  const floorWalls: number[] = [];
  const engineWalls: number[] = [];
  const sequential: { wall: number; n: number }[] = [];
  const whole: { wall: number; n: number; valid: number }[] = [];
  for (let i = 0; i < 3; i++) {
    floorWalls.push(await undiciRun(funnel, slugs));
    engineWalls.push((await engineRun(funnel, slugs)).wall);
    sequential.push(await sequentialRun(funnel, slugs));
    whole.push(await wholeScanRun(funnel, slugs));
  }

  // 2. ffuf on the same sites and list.
  const version = ffufVersion();
  let ffuf:
    | {
        funnel: { wall: number; walls: number[]; last: FfufRun };
        funnelAc: { wall: number; walls: number[]; last: FfufRun };
        soft: FfufRun;
        softAc: FfufRun;
        templateAc: FfufRun;
      }
    | undefined;
  if (version) {
    const wordlist = path.join(tmp, 'wordlist.txt');
    await writeFile(wordlist, `${slugs.join('\n')}\n`);
    ffuf = {
      funnel: await medianOf3(
        () => ffufRun(funnel, wordlist, tmp),
        (r) => r.wall,
      ),
      funnelAc: await medianOf3(
        () => ffufRun(funnel, wordlist, tmp, ['-ac']),
        (r) => r.wall,
      ),
      soft: await ffufRun(soft, wordlist, tmp),
      softAc: await ffufRun(soft, wordlist, tmp, ['-ac']),
      templateAc: await ffufRun(template, wordlist, tmp, ['-ac']),
    };
  }

  // 3. The built server as users run it: one warm-up scan, then the JSON answer, the stream, the soft-404 sites.
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
  const jsonRuns = [];
  for (let i = 0; i < 3; i++) jsonRuns.push(await postScan(server.base, cookie, funnel.origin));
  const json = jsonRuns.sort((a, b) => a.wall - b.wall)[1] as (typeof jsonRuns)[number];
  const stream = await streamScan(server.base, cookie, funnel.origin);
  const softScan = await postScan(server.base, cookie, soft.origin);
  const templateScan = await postScan(server.base, cookie, template.origin);

  const list = (walls: number[]) => walls.map(seconds).join(', ');
  const engineWall = median(engineWalls);
  const floorWall = median(floorWalls);
  const wholeWall = median(whole.map((r) => r.wall));
  const sequentialWall = median(sequential.map((r) => r.wall));
  const wholeN = whole[0]?.n ?? n;
  const wholeIdeal = ideal(wholeN);
  const target = ideal(n);
  const over = (wall: number, base = target) => percent(wall / base - 1);
  const verdict = (wall: number, base: number, limit: number) =>
    wall / base - 1 <= limit ? 'OK' : 'NÃO ATINGIDA';
  const serverIdeal = ideal(json.body.totalTested);
  console.log(`\nBenchmark do verificador de slugs — ${n} slugs da lista, ${IN_FLIGHT} em voo, ${machine}`);
  console.log(
    `  site de funil: ${LATENCY_MS} ms por resposta, robots.txt e sitemap com ${wholeN - n} caminhos fora da lista; medianas de 3 após 1 aquecimento, rodadas intercaladas`,
  );
  console.log(
    `  varredura completa (calibração, robots/sitemap e lista juntos)  ${seconds(wholeWall)}  ${over(wholeWall, wholeIdeal)} do ideal ceil(${wholeN}/${IN_FLIGHT}) x ${LATENCY_MS} ms = ${seconds(wholeIdeal)}  (meta <= 8%: ${verdict(wholeWall, wholeIdeal, 0.08)})  [${list(whole.map((r) => r.wall))}]; ${whole.at(-1)?.valid} páginas válidas`,
  );
  if (ffuf) {
    console.log(
      `  ffuf ${version} -t ${IN_FLIGHT} -ac (calibração incluída)           ${seconds(ffuf.funnelAc.wall)}  ${over(ffuf.funnelAc.wall)} do ideal de ${n} = ${seconds(target)}  [${list(ffuf.funnelAc.walls)}]`,
    );
  } else {
    console.log('  ffuf ausente (não está no PATH): comparação pulada (Debian: apt-get install ffuf)');
  }
  console.log(
    `  ordem antiga (calibração e robots/sitemap antes da lista)        ${seconds(sequentialWall)}  ${over(sequentialWall, ideal(sequential[0]?.n ?? n))}  [${list(sequential.map((r) => r.wall))}]`,
  );
  console.log(
    `  motor sozinho (calibrado antes, fora do tempo), ${n} slugs       ${seconds(engineWall)}  ${over(engineWall)} do ideal ${seconds(target)}  [${list(engineWalls)}]`,
  );
  console.log(
    `  piso do Node (undici puro, ${n} slugs)                          ${seconds(floorWall)}  ${over(floorWall)}  [${list(floorWalls)}]`,
  );
  if (ffuf) {
    console.log(
      `  ffuf ${version} -t ${IN_FLIGHT} sem calibração                        ${seconds(ffuf.funnel.wall)}  ${over(ffuf.funnel.wall)}  [${list(ffuf.funnel.walls)}]; ${ffuf.funnel.last.found} resultados`,
    );
  }
  console.log(
    `  servidor, POST JSON (home, débito e gravação incluídos)         ${seconds(json.wall)}  ${over(json.wall, serverIdeal)} (${json.body.totalTested} slugs; mediana de 3: ${list(jsonRuns.map((r) => r.wall).sort((a, b) => a - b))}); ${json.body.validUrls} válidas`,
  );
  const insideRuns = jsonRuns.map((r) => r.timing.scan ?? Number.NaN).sort((a, b) => a - b);
  const inside = median(insideRuns);
  console.log(
    `  servidor, a varredura por dentro (calibração incluída; Server-Timing) ${seconds(inside)}  ${over(inside, serverIdeal)}  (meta <= 8%: ${verdict(inside, serverIdeal, 0.08)})  [${list(insideRuns)}]`,
  );
  console.log(
    `  servidor, à parte: alcançar o site e debitar ${Math.round(json.timing.prepare ?? 0)} ms; salto do funil ${Math.round(json.timing.funnel ?? 0)} ms; o resto do POST (sessão, gravação, JSON) ${Math.round(json.wall - (json.timing.prepare ?? 0) - (json.timing.scan ?? 0) - (json.timing.funnel ?? 0))} ms`,
  );
  console.log(
    `  servidor, POST com stream (tela)                                ${seconds(stream.wall)}  ${over(stream.wall, serverIdeal)}  resultados de ${Math.round(stream.firstResult)} a ${Math.round(stream.lastResult)} ms, fim ${Math.round(stream.wall - stream.lastResult)} ms depois`,
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
  const templateFound = templateScan.body.results.filter((r) => r.isValid).map((r) => r.slug);
  console.log(
    `\n  site soft-404 com as palavras no modelo ('Vendas', 'Checkout seguro', 'Obrigado'), ${templateScan.body.totalTested} slugs:`,
  );
  console.log(
    `  Clube Escala: ${templateFound.length} página(s) encontrada(s): ${templateFound.join(', ') || 'nenhuma'} (meta: só oferta-relampago: ${templateFound.join() === 'oferta-relampago' ? 'OK' : 'NÃO ATINGIDA'}); ${seconds(templateScan.wall)}`,
  );
  if (ffuf) console.log(`  ffuf ${version} -ac: ${ffuf.templateAc.found} "encontradas"`);
  console.log(
    `  requisições recebidas: funil ${await funnel.requests()}, soft-404 ${await soft.requests()}, modelo ${await template.requests()}`,
  );
});
