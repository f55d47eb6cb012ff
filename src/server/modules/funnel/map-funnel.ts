import type { FunnelEntry } from '../../../shared/schemas/funnel';
import type { SlugResult } from '../../../shared/schemas/slug-checker';
import { buildFunnel, sameSiteLinks } from './build-funnel';
import {
  type FirstAnswer,
  type HopClient,
  type HopPage,
  isSameSite,
  normalisedUrl,
  readOneHop,
} from './one-hop';

export interface MapFunnelInput {
  client: HopClient;
  origin: URL;
  /** The page the member asked for (the origin, or its base path): always an entry. */
  scannedUrl: string;
  results: readonly SlugResult[];
  isSoftNotFound(url: URL, answer: FirstAnswer): boolean;
  concurrency: number;
  signal?: AbortSignal;
  /**
   * Where the pages are parsed: the app's worker threads (funnel.tasks.ts), so a scan's 60 pages never hold the
   * event loop; in this thread when absent (tests of the pure steps, benches).
   */
  parse?: FunnelParser;
}

export interface FunnelParser {
  build(input: { origin: string; scannedUrl: string; pages: HopPage[] }): Promise<FunnelEntry[]>;
  links(input: { origin: string; pages: HopPage[]; known: string[]; max: number }): Promise<string[]>;
}

/** Parsing in this thread. */
const IN_THREAD: FunnelParser = {
  build: async ({ origin, scannedUrl, pages }) => buildFunnel({ origin: new URL(origin), scannedUrl, pages }),
  links: async ({ origin, pages, known, max }) => sameSiteLinks(pages, new URL(origin), new Set(known), max),
};

export interface MappedFunnel {
  funnel: FunnelEntry[];
  /** The one hop's cost, reported apart from the scan's time. */
  hop: { requests: number; ms: number; added: number };
  /**
   * The final URLs whose own answer was 2xx (a page, or where a same-site redirect ended): the pages that can have a
   * picture (entriesToPicture).
   */
  reached: Set<string>;
}

/** A result the scan found: a page (2xx, not the site's "not found"), or a redirect that is not the site's default one. */
export const isFoundResult = (r: SlugResult) =>
  r.isValid || (r.status >= 300 && r.status < 400 && !r.softNotFound && r.redirectUrl !== null);

/**
 * The funnel of a finished scan: the scanned page and every page found are read one hop further (one-hop.ts), the
 * same-site links they show that the wordlist missed are checked and added, and the whole is sorted by step with its
 * tools and checkouts (build-funnel.ts). A page the hop could not read is still an entry, from the scan's answer.
 */
export async function mapFunnel(input: MapFunnelInput): Promise<MappedFunnel> {
  const parse = input.parse ?? IN_THREAD;
  const found = input.results.filter(isFoundResult);
  const hop = await readOneHop({
    client: input.client,
    origin: input.origin,
    urls: [input.scannedUrl, ...found.map((r) => r.url)],
    known: input.results.map((r) => r.url),
    linksOf: (pages, known, max) => parse.links({ origin: input.origin.href, pages, known: [...known], max }),
    isSoftNotFound: input.isSoftNotFound,
    concurrency: input.concurrency,
    signal: input.signal,
  });
  const read = new Set(hop.pages.map((p) => normalisedUrl(p.url)));
  const unread: HopPage[] = found
    .filter((r) => !read.has(normalisedUrl(r.url)))
    .map((r) => ({
      url: r.url,
      finalUrl: r.redirectUrl ?? r.url,
      status: r.status,
      // A redirect the hop did not follow: where it ends was not asked.
      finalStatus: r.redirectUrl === null ? r.status : 0,
      html: null,
    }));
  const reached = new Set(
    [...hop.pages, ...unread].filter((p) => isSuccess(p.finalStatus)).map((p) => p.finalUrl),
  );
  const funnel = await parse.build({
    origin: input.origin.href,
    scannedUrl: input.scannedUrl,
    pages: [...hop.pages, ...unread],
  });
  return { funnel, hop: { requests: hop.requests, ms: hop.ms, added: hop.added.length }, reached };
}

const isSuccess = (status: number) => status >= 200 && status < 300;

/**
 * At most this many pictures per map, the steps in funnel order (docs/decisions.md, Funil: each picture is a
 * Chromium page of up to 15 s; twelve cover every step of a funnel with room for its variants).
 */
export const FUNNEL_SCREENSHOTS_MAX = 12;

/**
 * The entries that get a picture: funnel steps whose final page (after the site's own redirects: '/obrigado' →
 * '/obrigado/', http → https) is of the scanned site and answered 2xx (`reached`, from mapFunnel). One picture per
 * final page; at most FUNNEL_SCREENSHOTS_MAX pages, in funnel order.
 */
export function entriesToPicture(
  funnel: readonly FunnelEntry[],
  origin: URL,
  reached: ReadonlySet<string>,
): FunnelEntry[] {
  const pages = new Set<string>();
  return funnel.filter((e) => {
    if (e.step === 'Outra' || !reached.has(e.finalUrl) || !sameSiteUrl(e.finalUrl, origin)) return false;
    if (pages.has(e.finalUrl)) return true;
    if (pages.size >= FUNNEL_SCREENSHOTS_MAX) return false;
    pages.add(e.finalUrl);
    return true;
  });
}

const sameSiteUrl = (url: string, origin: URL) => {
  try {
    return isSameSite(new URL(url), origin);
  } catch {
    return false;
  }
};

/** Takes the pictures (`capture`: url → stored URL) and returns the funnel with them. */
export async function pictureFunnel(
  funnel: FunnelEntry[],
  origin: URL,
  reached: ReadonlySet<string>,
  capture: (urls: string[], signal?: AbortSignal) => Promise<Map<string, string>>,
  signal?: AbortSignal,
): Promise<FunnelEntry[]> {
  const urls = [...new Set(entriesToPicture(funnel, origin, reached).map((e) => e.finalUrl))];
  if (urls.length === 0) return funnel;
  const pictures = await capture(urls, signal);
  return funnel.map((e) => {
    // Every entry that ends on a pictured page shows it ('/obrigado' 301 and '/obrigado/' 200 alike).
    const picture = e.step !== 'Outra' && reached.has(e.finalUrl) ? pictures.get(e.finalUrl) : undefined;
    return picture ? { ...e, screenshotUrl: picture } : e;
  });
}
