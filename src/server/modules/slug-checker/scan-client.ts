import type { lookup as dnsLookup } from 'node:dns';
import { createGuardedClient } from '../../lib/outbound/guarded-fetch';
import type { OutboundError } from '../../lib/outbound/outbound-error';

/**
 * The slug checker's HTTP client: the guarded client of lib/outbound (its address checks, deadline and
 * keep-alive), asked to GET one URL without following a redirect (its Location is the answer) and to read at
 * most `maxBytes` of the body (enough to fingerprint a page). One per scan, closed at the end.
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
  /** The Location header (the target of a 3xx), resolved against the requested URL (as sent if not a URL). */
  location?: string;
  /** The first `maxBytes` of the body. */
  body: Buffer;
  /** The Content-Type header (the funnel map reads HTML only). */
  contentType?: string;
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

const SCAN_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'pt-BR,pt;q=0.9,en;q=0.5',
};

export function createScanClient(options: ScanClientOptions): ScanClient {
  const client = createGuardedClient({
    allowPrivateNetwork: options.allowPrivateNetwork,
    connectionsPerOrigin: options.connections,
    connectTimeoutMs: options.connectTimeoutMs,
    lookup: options.lookup,
  });
  return {
    async get(url, { timeoutMs, maxBytes, signal }) {
      const res = await client.request(url, {
        headers: SCAN_HEADERS,
        redirect: 'manual',
        truncateAt: maxBytes,
        timeoutMs,
        signal,
      });
      const body = await res.buffer();
      return {
        status: res.status,
        location: res.location ?? res.header('location'),
        body,
        contentType: res.header('content-type'),
      };
    },
    close: () => client.close(),
  };
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
