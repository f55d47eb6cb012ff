import type { FastifyReply } from 'fastify';

/**
 * Aborts when the client goes away before its answer was written (closed tab, 'Parar', dropped network): a long
 * request (a scan, a clone) stops its work instead of finishing it for nobody.
 */
export function abortOnDisconnect(reply: FastifyReply): AbortController {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller;
}
