/**
 * The one hop further of a funnel map (issue #26): the pages a scan found are read (HTML only, size and time capped,
 * through the scan's own guarded client: its SSRF rules, its 20 connections to the site), and the links of the same
 * site they point to that the wordlist missed are checked and added. Only the scanned site is ever requested:
 * a redirect or a link to another site (a checkout platform) is recorded as its URL, never followed.
 */

/** What the one hop needs of the scan's client (slug-checker/scan-client.ts): a GET that never follows a redirect. */
export interface HopClient {
  get(
    url: URL,
    options: { timeoutMs: number; maxBytes: number; signal?: AbortSignal },
  ): Promise<{ status: number; location?: string; contentType?: string; body: Buffer }>;
}

/** A page as the funnel is built from it. */
export interface HopPage {
  url: string;
  /** Where it ended after same-site redirects, or the other site a redirect points to (not requested). */
  finalUrl: string;
  /** The status of `url` itself. */
  status: number;
  /** The status of `finalUrl`'s own answer (0: not requested, another site, or no answer). */
  finalStatus: number;
  /** The final page's HTML (null: not HTML, another site, or not read). */
  html: string | null;
}

/**
 * At most this many requests per scan for the one hop (page reads, their same-site redirects and the links checked),
 * stated in the README. Reads come first; the links checked get what is left, at least FUNNEL_LINKS_MIN of it.
 */
export const FUNNEL_EXTRA_REQUESTS = 60;
const FUNNEL_LINKS_MIN = 20;
/** Bytes of a page read for its links, tools and title. */
export const FUNNEL_PAGE_BYTES = 512 * 1024;
export const FUNNEL_PAGE_TIMEOUT_MS = 8_000;
const SAME_SITE_HOPS = 3;

const bareHost = (hostname: string) => hostname.toLowerCase().replace(/^www\./, '');

/** The same site as the scan: the same host or its www./bare variant, http or https. */
export function isSameSite(url: URL, origin: URL): boolean {
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    bareHost(url.hostname) === bareHost(origin.hostname)
  );
}

const looksLikeHtml = (contentType: string | undefined, body: Buffer) => {
  if (contentType) return /\b(text\/html|application\/xhtml\+xml)\b/i.test(contentType);
  const head = body.subarray(0, 512).toString('utf8').trimStart().toLowerCase();
  return head.startsWith('<!doctype html') || head.startsWith('<html') || head.startsWith('<head');
};

/** Something that grants requests one at a time (false: spent). */
export interface Budget {
  take(): boolean;
}

/** A budget of requests shared by every read of one hop. */
export class RequestBudget implements Budget {
  used = 0;
  constructor(private readonly limit: number) {}
  take(): boolean {
    if (this.used >= this.limit) return false;
    this.used++;
    return true;
  }
  get left(): number {
    return this.limit - this.used;
  }
}

export interface FirstAnswer {
  status: number;
  location?: string;
  body: Buffer;
}

/**
 * Reads one page: its first answer (what a soft-404 check compares), then same-site redirects followed (each a
 * request of the budget), never another site's. Undefined when the budget is spent or the request failed.
 */
export async function readPage(
  client: HopClient,
  url: URL,
  origin: URL,
  budget: Budget,
  signal?: AbortSignal,
): Promise<{ page: HopPage; first: FirstAnswer } | undefined> {
  let current = url;
  let first: FirstAnswer | undefined;
  for (let hop = 0; hop <= SAME_SITE_HOPS; hop++) {
    if (signal?.aborted || !budget.take()) return undefined;
    let answer: Awaited<ReturnType<HopClient['get']>>;
    try {
      answer = await client.get(current, {
        timeoutMs: FUNNEL_PAGE_TIMEOUT_MS,
        maxBytes: FUNNEL_PAGE_BYTES,
        signal,
      });
    } catch {
      if (!first) return undefined;
      return {
        page: { url: url.href, finalUrl: current.href, status: first.status, finalStatus: 0, html: null },
        first,
      };
    }
    first ??= { status: answer.status, location: answer.location, body: answer.body };
    const redirect = answer.status >= 300 && answer.status < 400 && answer.location;
    if (redirect) {
      let next: URL;
      try {
        next = new URL(answer.location as string, current);
      } catch {
        return {
          page: {
            url: url.href,
            finalUrl: current.href,
            status: first.status,
            finalStatus: answer.status,
            html: null,
          },
          first,
        };
      }
      next.hash = '';
      if (!isSameSite(next, origin)) {
        return {
          page: { url: url.href, finalUrl: next.href, status: first.status, finalStatus: 0, html: null },
          first,
        };
      }
      current = next;
      continue;
    }
    const html =
      answer.status >= 200 && answer.status < 300 && looksLikeHtml(answer.contentType, answer.body)
        ? answer.body.toString('utf8')
        : null;
    return {
      page: { url: url.href, finalUrl: current.href, status: first.status, finalStatus: answer.status, html },
      first,
    };
  }
  // Too many same-site redirects: the last address was not requested.
  return first
    ? {
        page: { url: url.href, finalUrl: current.href, status: first.status, finalStatus: 0, html: null },
        first,
      }
    : undefined;
}

/** Runs `work` over `items` with at most `concurrency` at once, results in the items' order. */
export async function mapLimited<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/** The address as pages and lists compare it: no fragment, no trailing slash but the root's. */
export function normalisedUrl(input: string): string {
  try {
    const url = new URL(input);
    url.hash = '';
    if (url.pathname.length > 1) url.pathname = url.pathname.replace(/\/+$/, '');
    return url.href;
  } catch {
    return input;
  }
}

export interface HopInput {
  client: HopClient;
  origin: URL;
  /** The found pages to read, the scanned page first (in the order they matter). */
  urls: string[];
  /** Every address the scan already asked (found or not): a link to one of them is not checked again. */
  known: Iterable<string>;
  /** The same-site links of the pages read that are not in `known`, at most `max` (build-funnel.ts). */
  linksOf(pages: HopPage[], known: Set<string>, max: number): string[] | Promise<string[]>;
  /** Whether the first answer to a link is the site's own "not found" page (the scan's calibration). */
  isSoftNotFound(url: URL, answer: FirstAnswer): boolean;
  concurrency: number;
  signal?: AbortSignal;
  limit?: number;
}

export interface HopOutcome {
  /** The pages read, then the links found one hop out that answered (2xx or a redirect, not a soft-404). */
  pages: HopPage[];
  /** The pages that came from links (not in the scan's results). */
  added: string[];
  /** Requests made. */
  requests: number;
  ms: number;
}

export async function readOneHop(input: HopInput): Promise<HopOutcome> {
  const started = performance.now();
  const limit = input.limit ?? FUNNEL_EXTRA_REQUESTS;
  const budget = new RequestBudget(limit);
  const known = new Set<string>([...input.known].map(normalisedUrl));
  const urls = [...new Set(input.urls.map(normalisedUrl))];
  // Reads keep at least FUNNEL_LINKS_MIN requests for the links (when the limit allows it).
  const readBudget = new RequestBudget(Math.max(limit - Math.min(FUNNEL_LINKS_MIN, limit / 2), 1));
  const shared: Budget = { take: () => readBudget.take() && budget.take() };
  const read = await mapLimited(urls, input.concurrency, (url) =>
    readPage(input.client, new URL(url), input.origin, shared, input.signal),
  );
  const pages = read.filter((r) => r !== undefined).map((r) => r.page);
  for (const url of urls) known.add(url);
  for (const page of pages) known.add(normalisedUrl(page.finalUrl));

  const links = input.signal?.aborted ? [] : await input.linksOf(pages, known, budget.left);
  const checked = await mapLimited(links, input.concurrency, async (link) => {
    const url = new URL(link);
    const outcome = await readPage(input.client, url, input.origin, budget, input.signal);
    if (!outcome) return undefined;
    const { page, first } = outcome;
    // Left out: links that answer 4xx/5xx, and the site's own "not found" page answered with 200.
    if (first.status >= 400 || input.isSoftNotFound(url, first)) return undefined;
    return page;
  });
  const added = checked.filter((p) => p !== undefined);
  return {
    pages: [...pages, ...added],
    added: added.map((p) => p.url),
    requests: budget.used,
    ms: Math.round(performance.now() - started),
  };
}
