/**
 * Site cloner benchmark (issues #14 and #29). A local landing page on two hosts of 127.0.0.1 (e2e/clone-landing.ts) with 41
 * files, about a third of them loaded only by scripts (a module and its import, fetched JSON, images whose URLs are
 * built in code, from both hosts). The built server clones it through POST /api/clone-website as a member would
 * (one warm-up, then the median of 3); each clone is unzipped, served offline from a plain web root and compared with
 * the original at 800x600 and 390x844@2x (pixelmatch), with every request outside the web root refused and counted,
 * and the page's button clicked. wget -p -k -E -H (when on PATH) and website-scraper 6 (when installed: it is an
 * optional devDependency) are measured the same way.
 * Target: >= 99.5% identical pixels on both sizes, live scripts, 0 outside requests, under 3 s.
 * Then the five real-world pages (bench/clone-real-pages.ts), each clone served from the root and from a sub-folder
 * by an nginx-like host, ours beside wget and website-scraper with its defaults.
 *
 *   npm run bench:clone        (BENCH_SKIP_BUILD=1 when dist/ is current)
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { type Landing, startCloneLanding } from '../e2e/clone-landing';
import { identicalShare } from '../e2e/pixel-diff';
import { CHROMIUM_ARGS, resolveChromiumPath } from '../src/server/lib/chromium';
import { startStaticHost } from '../src/server/testing/real-pages/static-host';
import { buildApp, connect, machineLine, openSessions, run, startServer } from './bench-kit';
import { benchRealPages } from './clone-real-pages';
import { countFiles, hasWget, loadWebsiteScraper, median, runWget, wgetPagePath } from './clone-tools';

const EXTRA_FILES = 24;
const VIEWS: [string, BrowserContextOptions][] = [
  ['800x600', { viewport: { width: 800, height: 600 }, deviceScaleFactor: 1 }],
  [
    '390x844@2x',
    { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  ],
];

interface Verdict {
  shares: number[];
  outside: number;
  scriptsLive: boolean;
  scriptContent: boolean;
}

async function shoot(browser: Browser, options: BrowserContextOptions, url: string, allowed: string[]) {
  const context = await browser.newContext({ ...options, locale: 'pt-BR' });
  const outside: string[] = [];
  await context.route('**/*', (route) => {
    const u = route.request().url();
    if (allowed.some((origin) => u.startsWith(`${origin}/`))) return route.continue();
    outside.push(u);
    return route.abort();
  });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle', timeout: 30_000 }).catch(() => {});
  await page
    .waitForFunction(() => document.documentElement.dataset.pronto === '1', undefined, { timeout: 5_000 })
    .catch(() => {});
  await page
    .waitForFunction(() => [...document.images].every((img) => img.complete), undefined, { timeout: 5_000 })
    .catch(() => {});
  await page.waitForTimeout(150);
  const shot = await page.screenshot({ timeout: 15_000 });
  return { context, page, shot, outside };
}

async function buttonWorks(page: Page) {
  try {
    await page.getByRole('button', { name: 'Quero comprar' }).click({ timeout: 2_000 });
    await page.getByText('Etapa 2: escolha o seu plano').waitFor({ timeout: 2_000 });
    return true;
  } catch {
    return false;
  }
}

/** The original's screenshots, then the copy's (served from `root` by an nginx-like host), compared per size. */
async function judge(browser: Browser, landing: Landing, root: string, startPath = '/'): Promise<Verdict> {
  const web = await startStaticHost({ dir: root });
  const verdict: Verdict = { shares: [], outside: 0, scriptsLive: true, scriptContent: true };
  try {
    for (const [, options] of VIEWS) {
      const original = await shoot(browser, options, `${landing.origin}/`, [
        landing.origin,
        landing.cdnOrigin,
      ]);
      await original.context.close();
      const copy = await shoot(browser, options, `${web.origin}${startPath}`, [web.origin]);
      verdict.shares.push(identicalShare(original.shot, copy.shot));
      verdict.outside += copy.outside.length;
      verdict.scriptContent &&=
        (await copy.page.evaluate(() => document.getElementById('titulo')?.textContent ?? null)) ===
        'Método Escala 2.0';
      verdict.scriptsLive &&= await buttonWorks(copy.page);
      await copy.context.close();
    }
  } finally {
    await web.close();
  }
  return verdict;
}

/** Where website-scraper put the page (index.html, under a host folder or not). */
async function findPage(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true });
  const page = entries.map(String).find((name) => name.endsWith('index.html'));
  return `/${page ?? 'index.html'}`;
}

/**
 * website-scraper's best configuration for this page (its README, "options"): one page (recursive off), every
 * source it knows (scripts, style sheets and their url()s, fonts, images and srcset, icons) plus what page
 * builders add (module preloads, preloads, <source srcset>, posters, lazy data-src/data-srcset), the files of the
 * page's two hosts only, errors skipped rather than fatal. It does not run scripts, so what they load is not there.
 */
function websiteScraperOptions(landing: Landing, directory: string, defaultSources: object[]) {
  const hosts = [landing.origin, landing.cdnOrigin];
  return {
    urls: [`${landing.origin}/`],
    directory,
    recursive: false,
    sources: [
      ...defaultSources,
      { selector: 'link[rel="modulepreload"]', attr: 'href' },
      { selector: 'link[rel="preload"]', attr: 'href' },
      { selector: 'link[rel="manifest"]', attr: 'href' },
      { selector: 'source', attr: 'srcset' },
      { selector: 'source', attr: 'src' },
      { selector: 'video', attr: 'poster' },
      { selector: '[data-src]', attr: 'data-src' },
      { selector: '[data-srcset]', attr: 'data-srcset' },
    ],
    urlFilter: (url: string) => hosts.some((origin) => url.startsWith(`${origin}/`)),
    filenameGenerator: 'bySiteStructure',
    ignoreErrors: true,
  };
}

const pct = (share: number) => `${(share * 100).toFixed(2)}%`;
const line = (name: string, seconds: number, files: number, v: Verdict) =>
  `  ${name.padEnd(30)} ${seconds.toFixed(2).padStart(6)} s  ${String(files).padStart(4)} arquivos  ${VIEWS.map(
    ([view], i) => `${view} ${pct(v.shares[i] ?? 0)}`,
  ).join(
    '  ',
  )}  scripts ${v.scriptsLive ? 'vivos' : 'mortos'}  conteúdo dos scripts ${v.scriptContent ? 'presente' : 'ausente'}  pedidos para fora ${v.outside}`;

run(async (cleanup) => {
  const machine = machineLine();
  buildApp();
  const landing = await startCloneLanding(EXTRA_FILES);
  cleanup(landing.close);
  const work = await mkdtemp(path.join(os.tmpdir(), 'ce-clone-bench-'));
  cleanup(() => rm(work, { recursive: true, force: true }));
  const browser = await chromium.launch({
    executablePath: await resolveChromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
  });
  cleanup(() => browser.close());

  const server = await startServer('clone', { ALLOW_PRIVATE_NETWORK_TARGETS: '1' });
  cleanup(server.stop);
  const db = await connect(server.databaseUrl);
  const admin = await db.query<{ id: string }>(`select id from users where role = 'admin' limit 1`);
  const userId = admin.rows[0]?.id;
  if (!userId) throw new Error('administrador não encontrado');
  const [cookie = ''] = await openSessions(db, [userId]);
  await db.end();

  const cloneOf = async (url: string, asCookie = cookie) => {
    const started = performance.now();
    const res = await fetch(`${server.base}/api/clone-website`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: asCookie, origin: server.base },
      body: JSON.stringify({ url }),
    });
    const body = (await res.json()) as { success: boolean; downloadUrl: string; error: string };
    const seconds = (performance.now() - started) / 1000;
    if (!body.success) throw new Error(`clone falhou: ${res.status} ${JSON.stringify(body)}`);
    const zip = new Uint8Array(
      await (
        await fetch(`${server.base}${body.downloadUrl}`, { headers: { cookie: asCookie } })
      ).arrayBuffer(),
    );
    return { seconds, zip };
  };
  const cloneOnce = () => cloneOf(`${landing.origin}/`);
  await cloneOnce(); // warm-up: the kept-warm browser starts
  const runs = [await cloneOnce(), await cloneOnce(), await cloneOnce()];
  const last = runs[runs.length - 1];
  if (!last) throw new Error('sem clone');
  const root = path.join(work, 'clube-escala');
  const entries = Object.entries(unzipSync(last.zip)).filter(([name]) => !name.endsWith('/'));
  for (const [name, data] of entries) {
    const file = path.join(root, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
  }
  const ours = await judge(browser, landing, root);

  console.log(
    `\nBenchmark do clonador — página local com 41 arquivos em 2 hosts (parte só carregada por scripts), ${machine}`,
  );
  console.log(
    `  tempo: mediana de 3 após 1 aquecimento [${runs.map((r) => r.seconds.toFixed(2)).join(', ')} s]`,
  );
  console.log(line('Clube Escala (POST + ZIP)', median(runs.map((r) => r.seconds)), entries.length, ours));

  if (hasWget()) {
    const dir = path.join(work, 'wget');
    await mkdir(dir, { recursive: true });
    const seconds = await runWget(`${landing.origin}/`, dir);
    console.log(
      line(
        'wget -p -k -E -H',
        seconds,
        await countFiles(dir),
        await judge(browser, landing, dir, `/${wgetPagePath(dir, `${landing.origin}/`)}`),
      ),
    );
  } else {
    console.log('  wget: não encontrado no PATH — comparação pulada');
  }
  const websiteScraper = await loadWebsiteScraper();
  if (websiteScraper) {
    const times: number[] = [];
    let dir = '';
    for (let i = 0; i < 3; i++) {
      dir = path.join(work, `website-scraper-${i}`); // it wants a folder that does not exist yet
      const started = performance.now();
      await websiteScraper.scrape(websiteScraperOptions(landing, dir, websiteScraper.sources));
      times.push((performance.now() - started) / 1000);
    }
    console.log(
      line(
        'website-scraper 6 (mediana 3)',
        median(times),
        await countFiles(dir),
        await judge(browser, landing, dir, await findPage(dir)),
      ),
    );
  } else {
    console.log('  website-scraper: não instalado — comparação pulada (npm i -D website-scraper para medir)');
  }
  const ok =
    ours.shares.every((s) => s >= 0.995) &&
    ours.scriptsLive &&
    ours.scriptContent &&
    ours.outside === 0 &&
    median(runs.map((r) => r.seconds)) < 3;
  console.log(
    `  meta (>= 99,5% nos dois tamanhos, scripts vivos, 0 pedidos para fora, < 3 s): ${ok ? 'ATINGIDA' : 'NÃO ATINGIDA'}`,
  );

  // The real-world pages, cloned by a member of their own (the 20-clones-in-10-minutes limit is per member).
  const member = await connect(server.databaseUrl);
  const inserted = await member.query<{ id: string }>(
    `insert into users (name, email, password_hash, unique_id, email_verified, status)
     values ('Membro Clonador', 'clonador@bench.test', 'sem-senha', '900001', true, 'Ativo') returning id`,
  );
  const [memberCookie = ''] = await openSessions(member, [inserted.rows[0]?.id ?? '']);
  await member.end();
  const real = await benchRealPages({ browser, work, clone: (url) => cloneOf(url, memberCookie) });
  console.log(
    `  meta nas páginas do mundo real (>= 99,5% nas duas vistas na raiz e na subpasta, 0 pedidos para fora, 0 falhas, 0 erros, < 3 s): ${real.ok ? 'ATINGIDA' : 'NÃO ATINGIDA'}`,
  );
});
