import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requestAddress } from '../lib/client-address';
import { TooManyRequestsError } from '../lib/errors';
import { LimitCounters, rateLimitStore } from './limit-counters';

declare module 'fastify' {
  interface FastifyInstance {
    /** The counters of every request limit (Redis when configured and up, else this instance's memory). */
    limitCounters: LimitCounters;
  }
  interface FastifyRequest {
    /** Attempts this request holds under failure-only limits: given back unless its answer is a failure there. */
    heldAttempts: Array<{ key: string; failed: (statusCode: number) => boolean }> | null;
  }
}

/**
 * Per-route limits (`config.rateLimit` on login, registration, mail-sending routes and paid tools), keyed by the
 * client address (IPv6 by its /64) unless the route says otherwise, and the failure-only limits (failureLimit), all
 * counted by one LimitCounters: shared through Redis with REDIS_URL, in this process's memory without it or while
 * Redis is away.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const counters = new LimitCounters(app.config.REDIS_URL, app.log);
  app.addHook('onClose', async () => counters.close());
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStore(counters),
    keyGenerator: requestAddress,
    errorResponseBuilder: () => new TooManyRequestsError(),
  });
  app.decorate('limitCounters', counters);
  app.decorateRequest('heldAttempts', null);
  // A request that held attempts gives back each one whose limit does not count its answer as a failure.
  app.addHook('onResponse', async (request, reply) => {
    const held = request.heldAttempts;
    if (!held) return;
    request.heldAttempts = null;
    await Promise.all(held.filter((h) => !h.failed(reply.statusCode)).map((h) => counters.decr(h.key)));
  });
});

/** Key on the client address plus the e-mail in the body, so one person cannot lock out another. */
/**
 * The key of a per-member limit named `name`: the signed-in member (loaded by the access hook, so the limit's hook is
 * `preHandler`), else the address. The one way to key a limit per member.
 */
export const memberLimitKey =
  (name: string) =>
  (request: FastifyRequest): string =>
    `${name}|${request.user?.id ?? requestAddress(request)}`;

export function ipAndEmailKey(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  return `${requestAddress(request)}|${email}`;
}

/** Any answer of 400 or more is a failure (the default of failureLimit). */
const anyErrorAnswer = (statusCode: number) => statusCode >= 400;

/**
 * A limit that counts failures only, as a hook (onRequest before the body is read, or preHandler when the key
 * reads the body): each request takes an attempt under `name` and its key, refused with 429 once `max` are in the
 * window, and gives it back unless `failed(statusCode)` says its answer is a failure (the plugin's onResponse;
 * by default any answer >= 400). A crowd behind one address (an event's Wi-Fi, an office, a carrier) signs in and
 * registers freely; guesses stay counted.
 */
export function failureLimit(
  app: FastifyInstance,
  name: string,
  limit: { max: number; timeWindow: number },
  key: (request: FastifyRequest) => string = requestAddress,
  failed: (statusCode: number) => boolean = anyErrorAnswer,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const counterKey = `failures:${name}|${key(request)}`;
    const { current, ttl } = await app.limitCounters.incr(counterKey, limit.timeWindow);
    if (current > limit.max) {
      await app.limitCounters.decr(counterKey);
      reply.header('retry-after', Math.max(1, Math.ceil(ttl / 1000)));
      throw new TooManyRequestsError();
    }
    request.heldAttempts = [...(request.heldAttempts ?? []), { key: counterKey, failed }];
  };
}
