import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestAddress } from '../../lib/client-address';
import { failureLimit, ipAndEmailKey } from '../../plugins/rate-limit';

const MINUTE_MS = 60 * 1000;

/**
 * How many requests each auth route accepts per key and time window (tests rely on these). Register, login, reset
 * and change-password count failures only (a success gives its attempt back); the others count every request.
 * "Per address": the client address, an IPv6 one by its /64.
 */
export const AUTH_RATE_LIMITS = {
  /** Failed registrations (no purchase, a taken e-mail...) per client address. */
  register: { max: 10, timeWindow: 60 * MINUTE_MS },
  /** Failed logins (wrong password, unknown e-mail) per address + e-mail. */
  login: { max: 10, timeWindow: 15 * MINUTE_MS },
  /** Failed logins per client address, whatever e-mails it tries (besides `login`). */
  loginPerAddress: { max: 30, timeWindow: 15 * MINUTE_MS },
  /** Per address + userId. */
  verifyEmail: { max: 10, timeWindow: 15 * MINUTE_MS },
  /** Mail-sending routes (resend-verification, forgot-password), each per address + e-mail. */
  mail: { max: 5, timeWindow: 15 * MINUTE_MS },
  /** Failed password resets (a bad or used link) per client address. */
  resetPassword: { max: 10, timeWindow: 15 * MINUTE_MS },
  /** Failed password changes per signed-in member (guesses of the current password from a stolen session). */
  changePassword: { max: 10, timeWindow: 15 * MINUTE_MS },
} as const;

function ipAndUserIdKey(request: FastifyRequest): string {
  const body = request.body as { userId?: unknown } | undefined;
  return `${requestAddress(request)}|${typeof body?.userId === 'string' ? body.userId.trim().toLowerCase() : ''}`;
}

/** Largest JSON body the public auth routes accept (their bodies are a few hundred bytes). */
export const AUTH_BODY_LIMIT = 8 * 1024;

// Keys that read the body run in preHandler, after the body is parsed and validated.
export const rateLimits = {
  verifyEmail: { ...AUTH_RATE_LIMITS.verifyEmail, hook: 'preHandler', keyGenerator: ipAndUserIdKey },
  mail: { ...AUTH_RATE_LIMITS.mail, hook: 'preHandler', keyGenerator: ipAndEmailKey },
} satisfies Record<string, RateLimitOptions>;

/**
 * A failed login is a guess: a wrong password or an unknown e-mail (401). The right password on an account that
 * cannot enter yet (unverified or cancelled: 403), a malformed body or a refusal by the other login limit is not.
 */
const wrongCredentials = (statusCode: number) => statusCode === 401;

/** The failure-only limits of the auth routes, as hooks (onRequest when the key needs no body, else preHandler). */
export function authFailureLimits(app: FastifyInstance) {
  return {
    register: failureLimit(app, 'register', AUTH_RATE_LIMITS.register),
    loginPerAddress: failureLimit(
      app,
      'login-address',
      AUTH_RATE_LIMITS.loginPerAddress,
      requestAddress,
      wrongCredentials,
    ),
    login: failureLimit(app, 'login', AUTH_RATE_LIMITS.login, ipAndEmailKey, wrongCredentials),
    resetPassword: failureLimit(app, 'reset-password', AUTH_RATE_LIMITS.resetPassword),
    changePassword: failureLimit(
      app,
      'change-password',
      AUTH_RATE_LIMITS.changePassword,
      (request) => request.user?.id ?? requestAddress(request),
    ),
  };
}
