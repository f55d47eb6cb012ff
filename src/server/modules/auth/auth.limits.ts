import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { ipAndEmailKey } from '../../plugins/rate-limit';

const MINUTE_MS = 60 * 1000;

/** How many requests each public auth route accepts per key and time window (tests rely on these). */
export const AUTH_RATE_LIMITS = {
  /** Per client address. */
  register: { max: 10, timeWindow: 60 * MINUTE_MS },
  /** Per address + e-mail. */
  login: { max: 10, timeWindow: 15 * MINUTE_MS },
  /** Per client address, whatever e-mails it tries (besides `login`). */
  loginPerAddress: { max: 30, timeWindow: 15 * MINUTE_MS },
  /** Per address + userId. */
  verifyEmail: { max: 10, timeWindow: 15 * MINUTE_MS },
  /** Mail-sending routes (resend-verification, forgot-password), each per address + e-mail. */
  mail: { max: 5, timeWindow: 15 * MINUTE_MS },
  /** Per client address. */
  resetPassword: { max: 10, timeWindow: 15 * MINUTE_MS },
} as const;

function ipAndUserIdKey(request: FastifyRequest): string {
  const body = request.body as { userId?: unknown } | undefined;
  return `${request.ip}|${typeof body?.userId === 'string' ? body.userId.trim().toLowerCase() : ''}`;
}

/** Largest JSON body the public auth routes accept (their bodies are a few hundred bytes). */
export const AUTH_BODY_LIMIT = 8 * 1024;

// Keys that read the body run in preHandler, after the body is parsed and validated.
export const rateLimits = {
  register: { ...AUTH_RATE_LIMITS.register },
  login: { ...AUTH_RATE_LIMITS.login, hook: 'preHandler', keyGenerator: ipAndEmailKey },
  loginPerAddress: { ...AUTH_RATE_LIMITS.loginPerAddress },
  verifyEmail: { ...AUTH_RATE_LIMITS.verifyEmail, hook: 'preHandler', keyGenerator: ipAndUserIdKey },
  mail: { ...AUTH_RATE_LIMITS.mail, hook: 'preHandler', keyGenerator: ipAndEmailKey },
  resetPassword: { ...AUTH_RATE_LIMITS.resetPassword },
} satisfies Record<keyof typeof AUTH_RATE_LIMITS, RateLimitOptions>;
