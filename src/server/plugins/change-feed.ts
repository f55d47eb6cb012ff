import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { ChangeFeed } from '../lib/change-feed';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's LISTEN connection: the caches of sessions and of the catalogue follow it. */
    changeFeed: ChangeFeed;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Starts the change feed with the app, closes it with the app, and makes every write request read its own writes:
 * before the response of an unsafe request leaves, this instance has received the notifications of what the
 * request committed (so its caches no longer hold what it changed). No write path can forget to invalidate.
 */
export const changeFeedPlugin = fp(async (app: FastifyInstance) => {
  // The same connection settings as the app's pool (drizzle keeps the pool as $client; db/client.ts's Db type omits it).
  // An app without a database (unit tests of the access rules) gets a feed that is never live: caches stay off.
  const pool = (app as unknown as { db?: { $client?: pg.Pool } }).db?.$client;
  const feed = new ChangeFeed(pool ? { ...pool.options } : null, app.log);
  app.decorate('changeFeed', feed);
  app.addHook('onReady', async () => feed.start());
  app.addHook('onClose', async () => feed.close());
  app.addHook('onSend', async (request) => {
    if (UNSAFE.has(request.method)) await feed.sync();
  });
});
