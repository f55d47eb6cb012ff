import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
