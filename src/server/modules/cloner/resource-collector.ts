import type { GuardedClient } from '../../lib/outbound/guarded-fetch';
import { OutboundError, type OutboundFailure } from '../../lib/outbound/outbound-error';
import type { CloneLimits } from './cloner.limits';

/** One answer as it came (one hop: a redirect is recorded with its Location, never followed here). */
export interface Captured {
  url: string;
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: Buffer;
  /** Absolute Location of a 3xx. */
  location?: string;
}

export interface FetchFailure {
  url: string;
  failure: OutboundFailure | 'limit';
}

export type FetchResult = Captured | FetchFailure;
export const isFailure = (r: FetchResult): r is FetchFailure => 'failure' in r;

/** Why the whole clone stopped at a limit. */
export type LimitReason = 'files' | 'bytes';

const KEPT_HEADERS = [
  'content-type',
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-expose-headers',
  'timing-allow-origin',
  'x-content-type-options',
];

/**
 * Every request of one clone goes through here (the browser's, through its route handler, and the parse pass's):
 * each URL is fetched once through the guarded client (address rules on every hop), its answer kept for the
 * archive; the file-count and total-byte limits stop the whole clone (`limitReached`); a file over the per-file
 * size is refused alone.
 */
export class ResourceCollector {
  private readonly results = new Map<string, Promise<FetchResult>>();
  private totalBytes = 0;
  limitReached: LimitReason | null = null;
  /** Requests the guard refused (private addresses, bad schemes), for the log and the tests. */
  readonly refused: string[] = [];
  /** URLs the rendered page requested as scripts (their archive name follows how the browser took them). */
  readonly scripts = new Set<string>();

  constructor(
    private readonly client: GuardedClient,
    private readonly limits: CloneLimits,
    private readonly signal: AbortSignal,
    private readonly onLimit: (reason: LimitReason) => void,
  ) {}

  /** One hop of `url` (memoised): the answer, a 3xx with its Location, or why it failed. */
  fetchHop(url: string): Promise<FetchResult> {
    const key = withoutHash(url);
    let pending = this.results.get(key);
    if (!pending) {
      if (this.results.size >= this.limits.maxFiles) {
        this.stop('files');
        return Promise.resolve({ url: key, failure: 'limit' });
      }
      pending = this.load(key);
      this.results.set(key, pending);
    }
    return pending;
  }

  /** Follows `url` through its redirects (each hop fetched and checked): the final answer, or the failure. */
  async resolve(url: string, maxRedirects = 5): Promise<FetchResult & { chain?: string[] }> {
    let current = withoutHash(url);
    const chain: string[] = [];
    for (let hop = 0; hop <= maxRedirects; hop++) {
      const result = await this.fetchHop(current);
      if (isFailure(result) || !result.location || !isRedirect(result.status)) return { ...result, chain };
      chain.push(current);
      current = withoutHash(result.location);
    }
    return { url: current, failure: 'too-many-redirects', chain };
  }

  /** The final answer of a URL already fetched (redirects followed), without fetching anything. */
  async settled(url: string): Promise<Captured | null> {
    let current = withoutHash(url);
    for (let hop = 0; hop <= 5; hop++) {
      const pending = this.results.get(current);
      if (!pending) return null;
      const result = await pending;
      if (isFailure(result)) return null;
      if (!result.location || !isRedirect(result.status)) return result;
      current = withoutHash(result.location);
    }
    return null;
  }

  /** Every answer fetched so far (waits for those in flight). */
  async all(): Promise<FetchResult[]> {
    let size = -1;
    // Answers may start others' fetches while awaited: settle until nothing new appears.
    while (size !== this.results.size) {
      size = this.results.size;
      await Promise.all(this.results.values());
    }
    return Promise.all(this.results.values());
  }

  get fileCount() {
    return this.results.size;
  }

  private stop(reason: LimitReason) {
    if (this.limitReached) return;
    this.limitReached = reason;
    this.onLimit(reason);
  }

  private async load(url: string): Promise<FetchResult> {
    try {
      const res = await this.client.request(url, {
        redirect: 'manual',
        maxBytes: this.limits.maxFileBytes,
        timeoutMs: this.limits.requestTimeoutMs,
        signal: this.signal,
      });
      const body = await res.buffer();
      this.totalBytes += body.length;
      if (this.totalBytes > this.limits.maxTotalBytes) {
        this.stop('bytes');
        return { url, failure: 'limit' };
      }
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = res.header(name);
        if (value) headers[name] = value;
      }
      return { url, status: res.status, headers, body, location: res.location };
    } catch (err) {
      const failure = err instanceof OutboundError ? err.reason : 'network';
      if (failure === 'blocked-address' || failure === 'invalid-url') this.refused.push(url);
      return { url, failure };
    }
  }
}

export const isRedirect = (status: number) => status >= 300 && status < 400;

export function withoutHash(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

/** The MIME type of an answer, without parameters. */
export function mimeOf(captured: Captured): string {
  return (captured.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}
