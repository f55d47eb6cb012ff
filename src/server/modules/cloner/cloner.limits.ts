import type { RateLimitOptions } from '@fastify/rate-limit';
import { memberLimitKey } from '../../plugins/rate-limit';

const MINUTE_MS = 60 * 1000;

/** What one clone may take (issue #14): past any of them the clone stops. */
export interface CloneLimits {
  /** The whole clone: robots.txt, both renders, the parse pass and the ZIP. */
  timeoutMs: number;
  /** Every body fetched, added up. */
  maxTotalBytes: number;
  /** Distinct URLs fetched (a page of thousands of links stops here). */
  maxFiles: number;
  /** One file: a larger one is left out of the archive (its reference keeps the original URL). */
  maxFileBytes: number;
  /** One request (connect, redirects, body). */
  requestTimeoutMs: number;
  /** Each rendered view: load, scroll, then network quiet for `quietMs` (at most `settleMs` after load). */
  navigationTimeoutMs: number;
  quietMs: number;
  settleMs: number;
  /** Requests in flight at once in the parse pass. */
  concurrency: number;
}

export const CLONE_LIMITS: CloneLimits = {
  timeoutMs: 60_000,
  maxTotalBytes: 50 * 1024 * 1024,
  maxFiles: 600,
  maxFileBytes: 15 * 1024 * 1024,
  requestTimeoutMs: 20_000,
  navigationTimeoutMs: 30_000,
  quietMs: 400,
  settleMs: 6_000,
  concurrency: 8,
};

/** A ZIP is kept this long, then removed (row and file). */
export const CLONE_KEPT_MS = 24 * 60 * 60 * 1000;

/** Per member (one clone runs at a time anyway; this bounds retries and refused attempts). */
export const CLONE_RATE_LIMIT = { max: 20, timeWindow: 10 * MINUTE_MS } as const;

/** Largest JSON body of POST /api/clone-website (`{ url }`). */
export const CLONE_BODY_LIMIT = 8 * 1024;

// The key reads the signed-in member, loaded by the access hook (onRequest); preHandler runs after it.
export const cloneRateLimit = {
  ...CLONE_RATE_LIMIT,
  hook: 'preHandler',
  keyGenerator: memberLimitKey('clone'),
} satisfies RateLimitOptions;
