/** The peers the clone bench measures the cloner against: wget and website-scraper 6, run the same way for every page. */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function countFiles(dir: string): Promise<number> {
  let n = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) if (entry.isFile()) n++;
  return n;
}

export const hasWget = () => spawnSync('wget', ['--version'], { encoding: 'utf8' }).status === 0;

/**
 * `wget -p -k -E -H` (page requisites, links converted for local viewing, .html/.css extensions, other hosts
 * followed), one try and 10 s per request, into `dir`: a folder per host (`127.0.0.1:8080/…`). Asynchronous: the
 * pages' servers run in this process and must keep answering.
 */
export async function runWget(url: string, dir: string): Promise<number> {
  const started = performance.now();
  await promisify(execFile)('wget', ['-q', '-p', '-k', '-E', '-H', '-t', '1', '-T', '10', '-P', dir, url], {
    timeout: 60_000,
  }).catch(() => {}); // wget exits non-zero when any requisite fails; what it saved is measured anyway
  return (performance.now() - started) / 1000;
}

/** Where wget saved the page of `url` (under its host folder; `-E` may have added `.html`), from `dir`. */
export function wgetPagePath(dir: string, url: string): string {
  const u = new URL(url);
  const file = `${u.host}${u.pathname}${u.pathname.endsWith('/') ? 'index.html' : ''}`;
  return existsSync(path.join(dir, file)) ? file : `${file}.html`;
}

/** website-scraper's entry point (`scrape(options)`), or null when the package is not installed. */
export type Scrape = (options: Record<string, unknown>) => Promise<unknown>;

export async function loadWebsiteScraper(): Promise<{ scrape: Scrape; sources: object[] } | null> {
  // Not a static import: the bench runs without the package.
  const name = 'website-scraper';
  try {
    const [main, defaults] = await Promise.all([import(name), import(`${name}/defaultOptions`)]);
    return {
      scrape: (main as { default: Scrape }).default,
      sources: (defaults as { default: { sources: object[] } }).default.sources,
    };
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') return null;
    throw err;
  }
}
