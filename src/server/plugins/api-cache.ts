import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pathOnly } from './request-log';

/** True for the JSON API (`/api` and below). */
export function isApiPath(url: string): boolean {
  const path = pathOnly(url);
  return path === '/api' || path.startsWith('/api/');
}

/**
 * No API answer is stored by the browser or a shared cache: `Cache-Control: no-store` on every `/api/*`
 * answer, errors included. A route may mark an answer for an anonymous caller as publicly cacheable by
 * setting a `public` Cache-Control itself, or as cacheable by the caller only with a `private` one (an answer
 * authenticated by a secret in its URL, such as the calendar feed); an answer to a signed-in request is always
 * `no-store`.
 */
export const apiCachePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isApiPath(request.url)) return payload;
    const set = reply.getHeader('cache-control');
    const explicitlyCacheable = typeof set === 'string' && /\b(public|private)\b/.test(set);
    if (request.user || !explicitlyCacheable) reply.header('cache-control', 'no-store');
    return payload;
  });
});
