import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { EventEmitter, setMaxListeners } from 'node:events';
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import { isAllowedAddress } from './address-policy';
import { OutboundError } from './outbound-error';

/**
 * The one client for server-side requests to user-given URLs (creative import, slug checker, site cloner).
 * http(s) only; every address is checked when the connection is made (the resolved addresses in the DNS
 * lookup, literals before connecting, and the socket's peer after), so DNS rebinding cannot slip through;
 * redirects are followed by hand and every hop is checked again; one deadline covers all hops and the body;
 * the body is read with a byte cap (or cut there, with `truncateAt`). `redirect: 'manual'` answers a
 * redirect as it is, never following it. One client keeps connections alive between requests to one host:
 * make one per job (a scan, a clone, an import) and close it at the end.
 */

export interface GuardedClientOptions {
  /** ALLOW_PRIVATE_NETWORK_TARGETS: loopback (127.0.0.0/8, ::1) becomes reachable, for tests. Nothing else does. */
  allowPrivateNetwork?: boolean;
  /** TCP (and TLS) connect timeout. */
  connectTimeoutMs?: number;
  /** Connections kept per origin (keep-alive, reused by later requests). */
  connectionsPerOrigin?: number;
  /** How long an idle kept-alive connection waits for the next request. */
  keepAliveTimeoutMs?: number;
  userAgent?: string;
  /** The resolver (default: the system's, `dns.lookup`); every address it returns is still checked. */
  lookup?: typeof dnsLookup;
}

export interface GuardedRequestOptions {
  /** A POST (web push: an encrypted message to a push service) never follows a redirect: a 3xx is its answer. */
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  /** The POST's body, sent as it is (set its content-type in `headers`). */
  body?: Buffer;
  /** One deadline for connecting, every redirect hop, the headers and the whole body. */
  timeoutMs?: number;
  /** Body cap: a larger declared length is refused at once, a longer body fails while reading. */
  maxBytes?: number;
  /**
   * Reads at most this many body bytes and then stops (the rest is never downloaded: the connection is
   * closed), instead of refusing with 'too-large'; `truncated` says whether anything was left. Replaces
   * `maxBytes`: a larger declared length is not an error.
   */
  truncateAt?: number;
  /** 'follow' (default): redirects are followed, each hop checked. 'manual': a 3xx is the answer (see `location`). */
  redirect?: 'follow' | 'manual';
  maxRedirects?: number;
  /** The caller's own cancellation (the client went away). */
  signal?: AbortSignal;
}

export interface GuardedResponse {
  /** The URL that answered (after redirects). */
  url: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Every URL that redirected, in order. */
  redirects: string[];
  /** The Location header resolved against `url`, when it is a URL (what `redirect: 'manual'` reports). */
  location?: string;
  /** True once the body was cut at `truncateAt` (read the body first; only set with `truncateAt`). */
  readonly truncated: boolean;
  header(name: string): string | undefined;
  /** The body, read once within its cap (or call text/discard). Fails with OutboundError. */
  buffer(): Promise<Buffer>;
  text(): Promise<string>;
  /** Drops the body (lets the connection be reused when it is short). */
  discard(): Promise<void>;
}

export interface GuardedClient {
  request(url: string | URL, options?: GuardedRequestOptions): Promise<GuardedResponse>;
  close(): Promise<void>;
}

export const OUTBOUND_DEFAULTS = {
  timeoutMs: 15_000,
  maxBytes: 10 * 1024 * 1024,
  maxRedirects: 5,
  connectTimeoutMs: 10_000,
  connectionsPerOrigin: 4,
  keepAliveTimeoutMs: 10_000,
  userAgent: 'ClubeEscala/1.0 (+https://clubeescala.com.br)',
} as const;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers that never follow a redirect to another origin. */
const ORIGIN_BOUND_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** Parses and checks one URL (first request or redirect hop): http(s), no credentials, no refused literal. */
export function checkTargetUrl(input: string | URL, allowPrivateNetwork = false): URL {
  let url: URL;
  try {
    url = new URL(String(input));
  } catch (err) {
    throw new OutboundError('invalid-url', { cause: err });
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username ||
    url.password ||
    !url.hostname
  ) {
    throw new OutboundError('invalid-url');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isAllowedAddress(host, { allowLoopback: allowPrivateNetwork })) {
    throw new OutboundError('blocked-address');
  }
  url.hash = '';
  return url;
}

export function createGuardedClient(options: GuardedClientOptions = {}): GuardedClient {
  const { lookup: resolve = dnsLookup, ...rest } = options;
  const settings = { ...OUTBOUND_DEFAULTS, ...definedOnly(rest) };
  const allowed = (ip: string) =>
    isAllowedAddress(ip, { allowLoopback: options.allowPrivateNetwork === true });

  // Resolves like the system does, then refuses the host if any of its addresses is refused.
  const guardedLookup = (hostname: string, lookupOptions: LookupOptions, callback: LookupCallback) => {
    resolve(hostname, { ...lookupOptions, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const first = addresses[0];
      if (!first || addresses.some((a) => !allowed(a.address))) {
        return callback(new OutboundError('blocked-address') as NodeJS.ErrnoException, []);
      }
      if (lookupOptions.all) return callback(null, addresses);
      return callback(null, first.address, first.family);
    });
  };
  const baseConnect = buildConnector({ timeout: settings.connectTimeoutMs, lookup: guardedLookup });
  const connect: buildConnector.connector = (target, callback) => {
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !allowed(host)) return callback(new OutboundError('blocked-address'), null);
    baseConnect(target, (...args) => {
      const [err, socket] = args;
      if (err || !socket) return callback(...args);
      // The peer actually connected to: the last word, whatever resolved the name.
      if (!socket.remoteAddress || !allowed(socket.remoteAddress)) {
        socket.destroy();
        return callback(new OutboundError('blocked-address'), null);
      }
      return callback(null, socket);
    });
  };
  const agent = new Agent({
    connect,
    connections: settings.connectionsPerOrigin,
    pipelining: 1,
    keepAliveTimeout: settings.keepAliveTimeoutMs,
    keepAliveMaxTimeout: settings.keepAliveTimeoutMs,
  });

  return {
    async request(input, requestOptions = {}) {
      // Read per request without spreading objects: the slug checker makes hundreds of these a second.
      const timeoutMs = requestOptions.timeoutMs ?? settings.timeoutMs;
      const maxBytes = requestOptions.maxBytes ?? settings.maxBytes;
      const maxRedirects = requestOptions.maxRedirects ?? settings.maxRedirects;
      const method = requestOptions.method ?? 'GET';
      const { truncateAt } = requestOptions;
      const redirect = method === 'POST' ? 'manual' : (requestOptions.redirect ?? 'follow');
      const deadline = new Deadline(timeoutMs, requestOptions.signal);
      const failure = (err: unknown) => toOutboundError(err, deadline, requestOptions.signal);
      try {
        const firstUrl = checkTargetUrl(input, options.allowPrivateNetwork === true);
        const extraHeaders = requestOptions.headers ? lowerCaseKeys(requestOptions.headers) : undefined;
        let url = firstUrl;
        const redirects: string[] = [];
        for (;;) {
          const headers: Record<string, string> = {
            'user-agent': settings.userAgent,
            accept: '*/*',
            'accept-encoding': 'identity',
            ...extraHeaders,
          };
          if (url.origin !== firstUrl.origin) for (const name of ORIGIN_BOUND_HEADERS) delete headers[name];
          let res: Dispatcher.ResponseData;
          try {
            res = await agent.request({
              origin: url.origin,
              path: `${url.pathname}${url.search}`,
              method,
              headers,
              body: requestOptions.body,
              signal: deadline,
              headersTimeout: timeoutMs,
              bodyTimeout: timeoutMs,
            });
          } catch (err) {
            throw failure(err);
          }
          const location = headerValue(res.headers, 'location');
          if (redirect === 'follow' && REDIRECTS.has(res.statusCode) && location) {
            dropBody(res.body);
            if (redirects.length >= maxRedirects) throw new OutboundError('too-many-redirects');
            redirects.push(url.href);
            const next = resolveLocation(location, url);
            if (!next) throw new OutboundError('invalid-url');
            url = checkTargetUrl(next, options.allowPrivateNetwork === true);
            continue;
          }
          const declared = Number(headerValue(res.headers, 'content-length'));
          if (truncateAt === undefined && Number.isFinite(declared) && declared > maxBytes) {
            dropBody(res.body);
            throw new OutboundError('too-large');
          }
          const cap: BodyCap =
            truncateAt === undefined
              ? { bytes: maxBytes, over: 'refuse' }
              : {
                  bytes: truncateAt,
                  over: 'truncate',
                  declared: Number.isFinite(declared) ? declared : undefined,
                };
          return guardedResponse(url, redirects, res, cap, failure, deadline);
        }
      } catch (err) {
        deadline.clear();
        throw err;
      }
    },
    close: () => agent.close(),
  };
}

/** One GET through a fresh client, the body read whole (up to maxBytes); the client is closed after. */
export async function guardedGet(
  url: string | URL,
  options: GuardedRequestOptions & Pick<GuardedClientOptions, 'allowPrivateNetwork'> = {},
): Promise<{
  url: string;
  status: number;
  headers: GuardedResponse['headers'];
  body: Buffer;
  truncated: boolean;
}> {
  const client = createGuardedClient({ allowPrivateNetwork: options.allowPrivateNetwork });
  try {
    const res = await client.request(url, options);
    const body = await res.buffer();
    return { url: res.url, status: res.status, headers: res.headers, body, truncated: res.truncated };
  } finally {
    await client.close().catch(() => {});
  }
}

/** How much of a body is read: past `bytes`, fail with 'too-large' (refuse) or stop there (truncate). */
type BodyCap =
  | { bytes: number; over: 'refuse' }
  | {
      bytes: number;
      over: 'truncate';
      /** The Content-Length, if any: a body of exactly `bytes` is whole only when it says so. */
      declared?: number;
    };

function guardedResponse(
  url: URL,
  redirects: string[],
  res: Dispatcher.ResponseData,
  cap: BodyCap,
  failure: (err: unknown) => OutboundError,
  deadline: Deadline,
): GuardedResponse {
  let truncated = false;
  const onCut = () => {
    truncated = true;
  };
  const buffer = () => readCapped(res.body, cap, failure, onCut, deadline);
  return {
    url: url.href,
    status: res.statusCode,
    headers: res.headers,
    redirects,
    location: resolveLocation(headerValue(res.headers, 'location'), url),
    get truncated() {
      return truncated;
    },
    header: (name) => headerValue(res.headers, name),
    buffer,
    text: async () => (await buffer()).toString('utf8'),
    discard: async () => {
      await res.body.dump({ limit: 64 * 1024 }).catch(() => {});
      deadline.clear();
    },
  };
}

/**
 * The whole body within its cap, read from the stream's events (no async iterator: two promises per chunk, a
 * measurable cost at a scan's hundreds of small pages a second). Truncating, it stops as soon as the cap is reached
 * (without waiting for the end of a body of exactly that size, which counts as cut unless its Content-Length said
 * so) and the stream is destroyed: the rest is never downloaded.
 */
function readCapped(
  source: Readable,
  cap: BodyCap,
  failure: (err: unknown) => OutboundError,
  onCut: () => void,
  deadline: Deadline,
): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const finish = (err?: unknown) => {
      if (settled) return;
      settled = true;
      source.off('data', onData);
      source.off('end', onEnd);
      source.off('error', onError);
      source.off('close', onClose);
      dropBody(source);
      deadline.clear();
      if (err === undefined) resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received));
      else reject(failure(err));
    };
    const onData = (chunk: Buffer | Uint8Array) => {
      const data = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      const room = cap.bytes - received;
      if (data.length > room) {
        if (cap.over === 'refuse') return finish(new OutboundError('too-large'));
        onCut();
        if (room > 0) {
          chunks.push(data.subarray(0, room));
          received += room;
        }
        return finish();
      }
      chunks.push(data);
      received += data.length;
      if (cap.over === 'truncate' && received >= cap.bytes) {
        if (cap.declared !== received) onCut();
        finish();
      }
    };
    const onEnd = () => finish();
    const onError = (err: unknown) => finish(err);
    // Closed without 'end' (destroyed by the deadline or the caller): as the stream's iterator, a premature close.
    const onClose = () => finish(source.errored ?? new Error('premature close'));
    if (source.destroyed) return finish(source.errored ?? new Error('premature close'));
    if (cap.over === 'truncate' && cap.bytes <= 0) {
      if (cap.declared !== 0) onCut();
      return finish();
    }
    source.on('data', onData);
    source.on('end', onEnd);
    source.on('error', onError);
    source.on('close', onClose);
  });
}

/** A Location header as an absolute URL (undefined without one, or when it is not a URL). */
function resolveLocation(location: string | undefined, base: URL): string | undefined {
  if (!location) return undefined;
  try {
    return new URL(location, base).href;
  } catch {
    return undefined;
  }
}

/** Closes a response body nobody will read (undici reports that as an abort: nobody needs to hear it). */
function dropBody(body: Readable) {
  body.on('error', () => {});
  if (!body.destroyed) body.destroy();
}

/**
 * One request's deadline (every hop and the whole body) joined with the caller's cancellation, as the signal
 * undici listens to. An EventEmitter (undici accepts one as a signal) with a cleared timer, instead of
 * `AbortSignal.timeout` + `AbortSignal.any`: those are EventTargets, slow to make and to listen to, and stay alive
 * until the timeout fires (seconds after a request of a few milliseconds); under a scan's hundreds of requests a
 * second that was a measurable part of the checker's time.
 */
class Deadline extends EventEmitter {
  aborted = false;
  reason: unknown;
  timedOut = false;
  private readonly timer: NodeJS.Timeout;
  private readonly caller?: AbortSignal;

  constructor(timeoutMs: number, caller?: AbortSignal) {
    super();
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.abort(new DOMException('The operation timed out.', 'TimeoutError'));
      this.clear();
    }, timeoutMs);
    this.timer.unref();
    if (caller) {
      this.caller = caller;
      if (caller.aborted) this.abort(caller.reason);
      else {
        // A scan's one signal is shared by its 20 requests in flight, each listening until it ends: no leak.
        setMaxListeners(0, caller);
        caller.addEventListener('abort', this.onCallerAbort, { once: true });
      }
    }
  }

  private readonly onCallerAbort = () => this.abort(this.caller?.reason);

  private abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.emit('abort');
  }

  /** The request is over (body read or dropped, or failed): no timer or listener is left behind. */
  clear(): void {
    clearTimeout(this.timer);
    this.caller?.removeEventListener('abort', this.onCallerAbort);
  }
}

function toOutboundError(err: unknown, deadline: Deadline, callerSignal?: AbortSignal): OutboundError {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof OutboundError) return e;
  }
  if (deadline.timedOut) return new OutboundError('timeout', { cause: err });
  if (callerSignal?.aborted) return new OutboundError('aborted', { cause: err });
  const code = (err as { code?: string })?.code ?? '';
  if (/TIMEOUT/.test(code)) return new OutboundError('timeout', { cause: err });
  return new OutboundError('network', { cause: err });
}

function headerValue(headers: Record<string, string | string[] | undefined>, name: string) {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

function lowerCaseKeys(headers: Record<string, string>) {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
