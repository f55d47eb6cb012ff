/**
 * The clone bench's real-world part (issue #29): the five pages of src/server/testing/real-pages (CDNs on other
 * addresses, Google-Fonts-like sheets and fonts without extensions, @import chains, lazy images, a carousel, a page
 * under /lp/oferta/), each cloned by the built server, by `wget -p -k -E -H` and by website-scraper 6 with its
 * defaults, served by an nginx-like host (type from the extension only, nosniff) from the root and from a
 * sub-folder, and compared with the original at 800x600 and 390x844@2x, whole page.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { Browser } from 'playwright-core';
import { COMPARED_VIEWS, type PageView, viewPage, viewShare } from '../e2e/real-page-views';
import { type RealPages, type RunningPage, startRealPages } from '../src/server/testing/real-pages/pages';
import { startStaticHost } from '../src/server/testing/real-pages/static-host';
import { countFiles, hasWget, loadWebsiteScraper, median, runWget, wgetPagePath } from './clone-tools';

const SUB_FOLDER = '/campanhas/black-friday/';
const MOUNTS = ['/', SUB_FOLDER];

/** One tool's clone of one page, judged: shares per mount and size (root 800, root 390, sub 800, sub 390). */
interface Judged {
  tool: string;
  seconds: number;
  files: number;
  shares: number[];
  outside: number;
  broken: number;
  errors: number;
}

type Source = { files: Record<string, Uint8Array> } | { dir: string };

const encodePath = (file: string) => file.split('/').map(encodeURIComponent).join('/');

async function judge(browser: Browser, originals: PageView[], source: Source, pagePath: string) {
  const out = { shares: [] as number[], outside: 0, broken: 0, errors: 0 };
  for (const mount of MOUNTS) {
    const host = await startStaticHost(source, mount);
    try {
      for (const [i, [, options]] of COMPARED_VIEWS.entries()) {
        try {
          const copy = await viewPage(browser, `${host.base}${encodePath(pagePath)}`, options, [
            host.base.replace(/\/$/, ''),
          ]);
          out.shares.push(viewShare(originals[i] as PageView, copy));
          out.outside += copy.outside.length;
          out.broken += copy.broken.length;
          out.errors += copy.errors.length;
        } catch {
          out.shares.push(0); // the copy did not even load
        }
      }
    } finally {
      await host.close();
    }
  }
  return out;
}

const pct = (share: number) => `${(share * 100).toFixed(2)}%`;
const HEADER = `    ${'ferramenta'.padEnd(30)} ${'tempo'.padStart(7)} ${'arq.'.padStart(4)}  ${MOUNTS.flatMap(
  (m) => COMPARED_VIEWS.map(([v]) => `${m === '/' ? 'raiz' : 'pasta'} ${v}`.padStart(17)),
).join('')}  fora  falhas  erros JS`;
const row = (j: Judged) =>
  `    ${j.tool.padEnd(30)} ${`${j.seconds.toFixed(2)} s`.padStart(7)} ${String(j.files).padStart(4)}  ${j.shares
    .map((s) => pct(s).padStart(17))
    .join(
      '',
    )}  ${String(j.outside).padStart(4)}  ${String(j.broken).padStart(6)}  ${String(j.errors).padStart(8)}`;

/** Prints the table of every page and a summary per tool; `clone` is the built server's POST + ZIP download. */
export async function benchRealPages(deps: {
  browser: Browser;
  work: string;
  clone(url: string): Promise<{ seconds: number; zip: Uint8Array }>;
}): Promise<{ ok: boolean }> {
  const real: RealPages = await startRealPages();
  const all: Judged[] = [];
  const websiteScraper = await loadWebsiteScraper();
  const wget = hasWget();
  try {
    console.log(
      `\nPáginas do mundo real (${real.pages.length}), servidas por um host que lê o tipo só pela extensão (como o nginx), na raiz e em ${SUB_FOLDER}:`,
    );
    for (const page of real.pages) {
      const originals: PageView[] = [];
      for (const [, options] of COMPARED_VIEWS)
        originals.push(await viewPage(deps.browser, page.url, options, real.origins(page)));
      console.log(`\n  ${page.id} — ${page.title}\n${HEADER}`);
      const judged = await judgeTools(deps, page, originals, wget, websiteScraper);
      for (const j of judged) console.log(row(j));
      all.push(...judged);
    }
  } finally {
    await real.close();
  }
  console.log('\n  Resumo (≥ 99,5% nas duas vistas; média e pior página entre as vistas):');
  let ok = true;
  for (const tool of [...new Set(all.map((j) => j.tool))]) {
    const mine = all.filter((j) => j.tool === tool);
    const passing = (from: number) =>
      mine.filter((j) => j.shares.slice(from, from + 2).every((s) => s >= 0.995)).length;
    const average = (from: number) =>
      mine.reduce((sum, j) => sum + (j.shares[from] ?? 0) + (j.shares[from + 1] ?? 0), 0) / (2 * mine.length);
    const worst = Math.min(...mine.flatMap((j) => j.shares));
    console.log(
      `    ${tool.padEnd(30)} raiz ${passing(0)}/${mine.length} (média ${pct(average(0))})  pasta ${passing(2)}/${mine.length} (média ${pct(average(2))})  pior ${pct(worst)}  fora ${mine.reduce((s, j) => s + j.outside, 0)}  falhas ${mine.reduce((s, j) => s + j.broken, 0)}  erros JS ${mine.reduce((s, j) => s + j.errors, 0)}  tempo mediano ${median(mine.map((j) => j.seconds)).toFixed(2)} s`,
    );
    if (tool.startsWith('Clube Escala'))
      ok =
        passing(0) === mine.length &&
        passing(2) === mine.length &&
        mine.every((j) => j.seconds < 3 && j.outside + j.broken + j.errors === 0);
  }
  return { ok };
}

async function judgeTools(
  deps: Parameters<typeof benchRealPages>[0],
  page: RunningPage,
  originals: PageView[],
  wget: boolean,
  websiteScraper: Awaited<ReturnType<typeof loadWebsiteScraper>>,
): Promise<Judged[]> {
  const out: Judged[] = [];
  const runs = [await deps.clone(page.url), await deps.clone(page.url), await deps.clone(page.url)];
  const files = unzipSync(runs[2]?.zip ?? new Uint8Array());
  out.push({
    tool: 'Clube Escala (POST + ZIP)',
    seconds: median(runs.map((r) => r.seconds)),
    files: Object.keys(files).length,
    ...(await judge(deps.browser, originals, { files }, 'index.html')),
  });
  if (wget) {
    const dir = path.join(deps.work, `wget-${page.id}`);
    await mkdir(dir, { recursive: true });
    const seconds = await runWget(page.url, dir);
    out.push({
      tool: 'wget -p -k -E -H',
      seconds,
      files: await countFiles(dir),
      ...(await judge(deps.browser, originals, { dir }, wgetPagePath(dir, page.url))),
    });
  }
  if (websiteScraper) {
    const times: number[] = [];
    let dir = '';
    for (let i = 0; i < 3; i++) {
      dir = path.join(deps.work, `website-scraper-${page.id}-${i}`); // it wants a folder that does not exist yet
      const started = performance.now();
      await websiteScraper.scrape({ urls: [page.url], directory: dir }).catch(() => {});
      times.push((performance.now() - started) / 1000);
    }
    out.push({
      tool: 'website-scraper 6 (padrões)',
      seconds: median(times),
      files: await countFiles(dir).catch(() => 0),
      ...(await judge(deps.browser, originals, { dir }, 'index.html')),
    });
  }
  return out;
}
