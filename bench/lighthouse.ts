/**
 * Lighthouse on the built app, mobile and desktop presets, medians of N runs per page:
 *   npm run build && npx tsx bench/lighthouse.ts [--runs 3] [--pages /home,/login,...] [--presets mobile,desktop]
 *     [--throttling simulate|devtools] [--save .tmp/lighthouse]
 * Starts `dist/server/main.js` as `npm start` does (throwaway DATA_DIR, embedded PostgreSQL, demo data, an
 * administrator), signs in for the /dashboard run (the session cookie is sent by Lighthouse's Chromium on
 * every request), drives the same Chromium as the browser tests (resolveChromiumPath + CHROMIUM_ARGS) over
 * its remote-debugging port, and prints per page the four category scores, LCP and total blocking time.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';
import { findFreePort } from '../src/server/db/embedded';
import { CHROMIUM_ARGS, resolveChromiumPath } from '../src/server/lib/chromium';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const RUNS = Number(option('runs', '3'));
const PAGES = option('pages', '/home,/login,/register,/forgot-password,/dashboard').split(',');
const PRESETS = option('presets', 'mobile,desktop').split(',') as Array<'mobile' | 'desktop'>;
const SIGNED_IN = new Set(['/dashboard', '/perfil', '/admin']);
/** A page's path without its query: /dashboard?tab=comunidade is measured signed in too. */
const pathOf = (page: string) => page.split('?')[0] ?? page;
/**
 * --throttling devtools: the browser really slowed down (Chrome's network and CPU throttling, observed timings)
 * instead of Lighthouse's default simulation (Lantern) from an unthrottled load; the figures are simulated.
 */
const THROTTLING = option('throttling', 'simulate') as 'simulate' | 'devtools';
/** --save <dir>: keeps each run's full report (JSON) for a closer look. */
const SAVE = option('save', '');

const admin = { email: 'admin@lighthouse.local', password: 'senha-lighthouse-123' };

async function startServer(): Promise<{ base: string; server: ChildProcess; dataDir: string }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ce-lighthouse-'));
  const port = await findFreePort();
  const base = `http://localhost:${port}`;
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error('o servidor terminou ao iniciar');
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('o servidor não respondeu em 120 s');
    await new Promise((r) => setTimeout(r, 500));
  }
  return { base, server, dataDir };
}

/** The session cookie of the administrator (name=value), from a real login. */
async function sessionCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(admin),
  });
  if (!res.ok) throw new Error(`login falhou: ${res.status}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (!cookies.length) throw new Error('o login não devolveu cookie de sessão');
  return cookies.join('; ');
}

type Sample = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
};

function sample(lhr: Result): Sample {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const { base, server, dataDir } = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: await resolveChromiumPath(),
  chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
  logLevel: 'silent',
});
const rows: string[] = [];
const failures: string[] = [];
try {
  const cookie = await sessionCookie(base);
  for (const page of PAGES) {
    for (const preset of PRESETS) {
      const samples: Sample[] = [];
      for (let run = 0; run < RUNS; run++) {
        const flags: Flags = {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          throttlingMethod: THROTTLING,
          // The signed-in pages get the session cookie on every request (storage resets between runs).
          extraHeaders: SIGNED_IN.has(pathOf(page)) ? { Cookie: cookie } : undefined,
        };
        const result = await lighthouse(
          `${base}${page}`,
          flags,
          preset === 'desktop' ? desktopConfig : undefined,
        );
        if (!result) throw new Error(`Lighthouse não devolveu resultado para ${page}`);
        const lhr = result.lhr;
        if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.message}`);
        // The dashboard names its open tab in the URL (?tab=...): only the path tells a redirect to /login.
        if (SIGNED_IN.has(pathOf(page)) && new URL(lhr.finalDisplayedUrl).pathname !== pathOf(page))
          throw new Error(`${page} redirecionou para ${lhr.finalDisplayedUrl}: a sessão não valeu`);
        samples.push(sample(lhr));
        if (SAVE) {
          await mkdir(SAVE, { recursive: true });
          const name = `${page.replace(/\W+/g, '_').replace(/^_/, '') || 'root'}-${preset}-${run + 1}.json`;
          await writeFile(path.join(SAVE, name), JSON.stringify(lhr));
        }
      }
      const m = (key: keyof Sample) => median(samples.map((s) => s[key]));
      const perfs = samples.map((s) => s.performance);
      rows.push(
        `| ${page} | ${preset} | ${m('performance')} (${Math.min(...perfs)}–${Math.max(...perfs)}) | ${m('accessibility')} | ${m('bestPractices')} | ${m('seo')} | ${(m('lcp') / 1000).toFixed(1)} s | ${Math.round(m('tbt'))} ms |`,
      );
      console.log(rows[rows.length - 1]);
      if (preset === 'mobile' && (m('performance') < 90 || m('lcp') >= 2500))
        failures.push(
          `${page} mobile: desempenho ${m('performance')}, LCP ${(m('lcp') / 1000).toFixed(1)} s`,
        );
      if (m('accessibility') < 100) failures.push(`${page} ${preset}: acessibilidade ${m('accessibility')}`);
      if (m('bestPractices') < 95) failures.push(`${page} ${preset}: boas práticas ${m('bestPractices')}`);
    }
  }
} finally {
  await chrome.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await rm(dataDir, { recursive: true, force: true });
}

console.log(`\nLighthouse ${RUNS}x por página (mediana; desempenho: mínimo–máximo entre as execuções)\n`);
console.log('| página | preset | desempenho | acessibilidade | boas práticas | SEO | LCP | TBT |');
console.log('|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
console.log(
  `\ncarga média da máquina ao terminar: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')}`,
);
if (failures.length) console.log(`\nabaixo da meta:\n- ${failures.join('\n- ')}`);
