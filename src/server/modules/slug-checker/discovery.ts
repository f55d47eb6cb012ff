import type { ScanClient } from './scan-client';

/**
 * Paths the site itself gives away: every Allow and Disallow of robots.txt (wildcards cut at the first `*`)
 * and the pages of sitemap.xml (and of the sitemaps robots.txt names, or a sitemap index lists), same host
 * only, capped. robots.txt is parsed by hand: `robots-parser` answers "is this URL allowed?" but has no public
 * way to list the rules, and it is only a transitive dev dependency here.
 */

export const DISCOVERY_LIMITS = {
  robotsPaths: 100,
  sitemapPaths: 300,
  sitemapDocuments: 5,
  robotsBytes: 64 * 1024,
  sitemapBytes: 1024 * 1024,
  /** A sitemap this small (~2 ms of CPU) is read on the spot, without the round trip to a worker thread. */
  inlineSitemapChars: 32 * 1024,
} as const;

/** A path of robots.txt or a sitemap as a slug (no leading slash, no query), or undefined when useless. */
export function pathToSlug(path: string): string | undefined {
  const cut = path.split('*')[0]?.split('?')[0]?.split('#')[0]?.replace(/\$$/, '') ?? '';
  if (!cut.startsWith('/')) return undefined;
  const slug = cut.replace(/^\/+/, '');
  if (!slug || slug.length > 200 || /[\s<>"\\]/.test(slug)) return undefined;
  return slug;
}

export function parseRobots(text: string): { paths: string[]; sitemaps: string[] } {
  const paths = new Set<string>();
  const sitemaps: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const match = /^(allow|disallow|sitemap)\s*:\s*(.*)$/i.exec(line);
    if (!match?.[1] || match[2] === undefined) continue;
    const value = match[2].trim();
    if (match[1].toLowerCase() === 'sitemap') {
      if (value) sitemaps.push(value);
      continue;
    }
    const slug = pathToSlug(value);
    if (slug) paths.add(slug);
  }
  return { paths: [...paths], sitemaps };
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeXml = (text: string) =>
  text
    .replace(/^<!\[CDATA\[|\]\]>$/g, '')
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name] ?? '')
    .trim();

/** The <loc> URLs of a sitemap (or of a sitemap index, flagged). */
export function parseSitemap(xml: string): { locs: string[]; isIndex: boolean } {
  const locs = [...xml.matchAll(/<loc>\s*([\s\S]*?)\s*<\/loc>/gi)].map((m) => decodeXml(m[1] ?? ''));
  return { locs: locs.filter(Boolean), isIndex: /<sitemapindex[\s>]/i.test(xml) };
}

/** Same host, or the same host with/without `www.` (only the path is kept: the scan stays on the origin). */
function sameSite(url: URL, origin: URL): boolean {
  const bare = (host: string) => host.toLowerCase().replace(/^www\./, '');
  return bare(url.hostname) === bare(origin.hostname);
}

async function fetchText(client: ScanClient, url: URL, maxBytes: number, signal?: AbortSignal) {
  try {
    const res = await client.get(url, { timeoutMs: 8_000, maxBytes, signal });
    return res.status === 200 ? res.body.toString('utf8') : undefined;
  } catch {
    return undefined;
  }
}

export interface Discovered {
  robots: string[];
  sitemap: string[];
}

/**
 * `readSitemap` is parseSitemap, run off the event loop (slug-checker.tasks.ts): a sitemap of 1 MB takes ~70 ms of
 * CPU to read here. Small ones (most) are read here: the scan waits for these paths before it streams results.
 */
export async function discoverPaths(
  client: ScanClient,
  origin: URL,
  readSitemap: (xml: string) => Promise<ReturnType<typeof parseSitemap>>,
  signal?: AbortSignal,
): Promise<Discovered> {
  // robots.txt and /sitemap.xml at once (one round trip), then the sitemaps robots.txt names.
  const defaultSitemap = new URL('/sitemap.xml', origin);
  const [robotsText, defaultXml] = await Promise.all([
    fetchText(client, new URL('/robots.txt', origin), DISCOVERY_LIMITS.robotsBytes, signal),
    fetchText(client, defaultSitemap, DISCOVERY_LIMITS.sitemapBytes, signal),
  ]);
  const robots = robotsText ? parseRobots(robotsText) : { paths: [], sitemaps: [] };

  const queue: URL[] = [defaultSitemap];
  for (const named of robots.sitemaps) {
    try {
      const url = new URL(named, origin);
      // Fetched, so the exact origin only (another host is never contacted).
      if (url.origin === origin.origin && !queue.some((q) => q.href === url.href)) queue.push(url);
    } catch {
      // An unreadable Sitemap line is ignored.
    }
  }
  const pages = new Set<string>();
  const seen = new Set<string>();
  while (queue.length > 0 && seen.size < DISCOVERY_LIMITS.sitemapDocuments) {
    const next = queue.shift() as URL;
    if (seen.has(next.href) || next.pathname.endsWith('.gz')) continue;
    seen.add(next.href);
    const xml =
      next === defaultSitemap
        ? defaultXml
        : await fetchText(client, next, DISCOVERY_LIMITS.sitemapBytes, signal);
    if (!xml) continue;
    const read =
      xml.length <= DISCOVERY_LIMITS.inlineSitemapChars
        ? parseSitemap(xml)
        : await readSitemap(xml).catch(() => undefined);
    if (!read) continue;
    const { locs, isIndex } = read;
    for (const loc of locs) {
      let url: URL;
      try {
        url = new URL(loc, origin);
      } catch {
        continue;
      }
      if (isIndex) {
        if (url.origin === origin.origin) queue.push(url);
        continue;
      }
      const slug = sameSite(url, origin) ? pathToSlug(url.pathname) : undefined;
      if (slug && pages.size < DISCOVERY_LIMITS.sitemapPaths) pages.add(slug);
    }
  }
  return { robots: robots.paths.slice(0, DISCOVERY_LIMITS.robotsPaths), sitemap: [...pages] };
}
