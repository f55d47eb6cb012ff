import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { isAllowedAddress } from '../../lib/outbound/address-policy';
import { checkTargetUrl, OUTBOUND_DEFAULTS } from '../../lib/outbound/guarded-fetch';
import { OutboundError } from '../../lib/outbound/outbound-error';

/**
 * The slug checker's HTTP client: GET one URL, never follow a redirect (its Location is the answer), read at
 * most `maxBytes` of the body (enough to fingerprint a page) and stop. It keeps connections alive for the
 * whole scan (one per job) and applies the SSRF rules of lib/outbound exactly as the guarded client does:
 * `checkTargetUrl` on the URL, every resolved address checked in the DNS lookup, literals before connecting
 * and the socket's peer after, with the same address policy.
 *
 * TEMPORARY: this exists only because `createGuardedClient` always follows 301/302/303/307/308 (maxRedirects 0
 * throws 'too-many-redirects' and drops the Location). With a `redirect: 'manual'` option in guarded-fetch.ts
 * (see the report / docs/decisions.md), this file becomes a thin wrapper over that client.
 */

export interface ScanClientOptions {
  allowPrivateNetwork: boolean;
  /** Connections kept alive to the target (the scan's concurrency). */
  connections: number;
  connectTimeoutMs?: number;
  /** The resolver (default: the system's); every address it returns is still checked. */
  lookup?: typeof dnsLookup;
}

export interface ScanResponse {
  status: number;
  /** The Location header as sent (not resolved), for 3xx answers. */
  location?: string;
  /** The first `maxBytes` of the body. */
  body: Buffer;
}

export interface ScanRequestOptions {
  timeoutMs: number;
  maxBytes: number;
  signal?: AbortSignal;
}

export interface ScanClient {
  get(url: URL, options: ScanRequestOptions): Promise<ScanResponse>;
  close(): Promise<void>;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

export function createScanClient(options: ScanClientOptions): ScanClient {
  const allowed = (ip: string) => isAllowedAddress(ip, { allowLoopback: options.allowPrivateNetwork });
  const resolve = options.lookup ?? dnsLookup;
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
  const baseConnect = buildConnector({
    timeout: options.connectTimeoutMs ?? OUTBOUND_DEFAULTS.connectTimeoutMs,
    lookup: guardedLookup,
  });
  const connect: buildConnector.connector = (target, callback) => {
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !allowed(host)) return callback(new OutboundError('blocked-address'), null);
    baseConnect(target, (...args) => {
      const [err, socket] = args;
      if (err || !socket) return callback(...args);
      if (!socket.remoteAddress || !allowed(socket.remoteAddress)) {
        socket.destroy();
        return callback(new OutboundError('blocked-address'), null);
      }
      return callback(null, socket);
    });
  };
  const agent = new Agent({
    connect,
    connections: options.connections,
    pipelining: 1,
    keepAliveTimeout: OUTBOUND_DEFAULTS.keepAliveTimeoutMs,
    keepAliveMaxTimeout: OUTBOUND_DEFAULTS.keepAliveTimeoutMs,
  });

  return {
    async get(input, { timeoutMs, maxBytes, signal: callerSignal }) {
      const url = checkTargetUrl(input, options.allowPrivateNetwork);
      const deadline = AbortSignal.timeout(timeoutMs);
      const signal = callerSignal ? AbortSignal.any([deadline, callerSignal]) : deadline;
      try {
        const res = await agent.request({
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: 'GET',
          headers: {
            'user-agent': OUTBOUND_DEFAULTS.userAgent,
            accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
            'accept-language': 'pt-BR,pt;q=0.9,en;q=0.5',
            'accept-encoding': 'identity',
          },
          signal,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of res.body) {
          const data = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
          chunks.push(data);
          size += data.length;
          if (size >= maxBytes) break;
        }
        // A body left unread (over the cap) closes that connection; a fully read one is reused.
        if (!res.body.destroyed) {
          res.body.on('error', () => {});
          res.body.destroy();
        }
        const location = res.headers.location;
        return {
          status: res.statusCode,
          location: Array.isArray(location) ? location[0] : location,
          body: Buffer.concat(chunks).subarray(0, maxBytes),
        };
      } catch (err) {
        throw toScanError(err, deadline, callerSignal);
      }
    },
    close: () => agent.close(),
  };
}

function toScanError(err: unknown, deadline: AbortSignal, callerSignal?: AbortSignal): OutboundError {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof OutboundError) return e;
  }
  if (callerSignal?.aborted) return new OutboundError('aborted', { cause: err });
  if (deadline.aborted) return new OutboundError('timeout', { cause: err });
  const code = (err as { code?: string })?.code ?? '';
  if (/TIMEOUT/.test(code)) return new OutboundError('timeout', { cause: err });
  return new OutboundError('network', { cause: err });
}

/** The system error code under an outbound failure (ENOTFOUND, ECONNREFUSED, ECONNRESET, a TLS code...). */
export function failureCode(err: OutboundError): string {
  for (let e: unknown = err.cause, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && !code.startsWith('UND_ERR_')) return code;
  }
  for (let e: unknown = err.cause, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return '';
}
