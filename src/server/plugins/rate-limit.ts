import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { TooManyRequestsError } from '../lib/errors';

/**
 * Per-route limits (`config.rateLimit` on login, registration, mail-sending routes and paid tools).
 * With REDIS_URL the counters are shared by every instance; otherwise they live in this process.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const redis = app.config.REDIS_URL
    ? new Redis(app.config.REDIS_URL, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'ce-rl:',
    skipOnError: false,
    errorResponseBuilder: () => new TooManyRequestsError(),
  });
});

/** Key on the client address plus the e-mail in the body, so one person cannot lock out another. */
export function ipAndEmailKey(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  return `${request.ip}|${email}`;
}

/**
 * A second limit for one route, in the same store as the route's own `config.rateLimit` (Redis when
 * configured), keyed by `name` and the client address. @fastify/rate-limit takes one config per route, so
 * this one runs as a preHandler of its own and refuses with the same 429.
 */
export function perAddressLimit(
  app: FastifyInstance,
  name: string,
  limit: { max: number; timeWindow: number },
) {
  const check = app.createRateLimit({ ...limit, keyGenerator: (request) => `${name}|${request.ip}` });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw new TooManyRequestsError();
  };
}
