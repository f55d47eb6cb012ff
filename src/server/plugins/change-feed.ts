import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { directConnectionConfig } from '../db/client';
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
  // LISTEN needs a connection of its own that no pooler shares (db/client.ts: DATABASE_DIRECT_URL, else the pool's
  // settings). An app without a database (unit tests of the access rules) gets a feed that is never live.
  const direct = (app as { db?: object }).db ? directConnectionConfig(app.db) : null;
  const feed = new ChangeFeed(direct, app.log);
  app.decorate('changeFeed', feed);
  app.addHook('onReady', async () => feed.start());
  app.addHook('onClose', async () => feed.close());
  app.addHook('onSend', async (request) => {
    if (UNSAFE.has(request.method)) await feed.sync();
  });
});
