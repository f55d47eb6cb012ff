import type { RateLimitOptions } from '@fastify/rate-limit';
import { memberLimitKey } from '../../plugins/rate-limit';

const MINUTE_MS = 60 * 1000;

/** The paid scan: per member (one runs at a time anyway; this bounds retries and refused attempts). */
export const SLUG_CHECK_RATE_LIMIT = { max: 30, timeWindow: 10 * MINUTE_MS } as const;

/** Largest JSON body of POST /api/check-slugs (`{ domain, baseSlug }`). */
export const SLUG_CHECK_BODY_LIMIT = 4 * 1024;

// The key reads the signed-in member, loaded by the access hook (onRequest); preHandler runs after it.
export const slugCheckRateLimit = {
  ...SLUG_CHECK_RATE_LIMIT,
  hook: 'preHandler',
  keyGenerator: memberLimitKey('slug-check'),
} satisfies RateLimitOptions;
