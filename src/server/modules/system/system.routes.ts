import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/schemas/common';
import { liveness, readiness } from '../../../shared/schemas/system';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from '../../plugins/error-handler';
import { withRequestCode } from '../../plugins/request-id';
import { databaseAnswers } from './system.service';

export const DRAINING_MESSAGE = 'Esta instância está sendo encerrada; o balanceador deve usar outra.';

/**
 * How long this instance's change feed may be down before readiness turns 503: a reconnection (a database restart,
 * a stall caught by the heartbeat) fits in it; past it the instance is taken out until its feed is back.
 */
export const CHANGE_FEED_READY_GRACE_MS = 15_000;
export const CHANGE_FEED_DOWN_MESSAGE = `As notificações de mudanças do banco (change feed) desta instância estão fora há mais de ${CHANGE_FEED_READY_GRACE_MS / 1000} s; o balanceador deve usar outra.`;

/**
 * Liveness and readiness for load balancers. Live: the process answers (restart it when it does not). Ready: it
 * should get requests: the instance is not draining (SIGTERM turns it 503 first, while the instance keeps serving
 * for SHUTDOWN_DRAIN_SECONDS), the database answers, and this instance's change feed has not been down longer than
 * CHANGE_FEED_READY_GRACE_MS (a whole-database outage is the database check's). Redis is reported, not required:
 * without it limits are counted in each instance's memory. `/api/health` is readiness.
 */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health/live',
    { config: { access: 'public', healthCheck: true }, schema: { response: { 200: liveness } } },
    async () => ({ ok: true as const }),
  );

  // When readiness last saw the database down: the feed's grace starts again from there, so that after an outage
  // the feed's reconnection backoff (at most 12.5 s) fits in it and no instance is held out once the database is back.
  let databaseSeenDownAt = 0;
  const ready = async (request: FastifyRequest, reply: FastifyReply) => {
    if (app.lifecycle.draining) {
      return reply
        .status(503)
        .header('retry-after', 1)
        .send(withRequestCode(request, { message: DRAINING_MESSAGE }));
    }
    if (!(await databaseAnswers(app.db))) {
      databaseSeenDownAt = Date.now();
      return reply
        .status(503)
        .header('retry-after', DATABASE_RETRY_AFTER_SECONDS)
        .send(withRequestCode(request, { message: DATABASE_UNAVAILABLE_MESSAGE }));
    }
    const feedDownMs = Math.min(app.changeFeed.downForMs(), Date.now() - databaseSeenDownAt);
    if (feedDownMs > CHANGE_FEED_READY_GRACE_MS) {
      return reply
        .status(503)
        .header('retry-after', 5)
        .send(withRequestCode(request, { message: CHANGE_FEED_DOWN_MESSAGE }));
    }
    return {
      ok: true as const,
      changeFeed: app.changeFeed.state,
      redis: app.limitCounters.redisState,
    };
  };
  for (const url of ['/api/health', '/api/health/ready']) {
    app.get(
      url,
      {
        config: { access: 'public', healthCheck: true },
        schema: { response: { 200: readiness, 503: errorBody } },
      },
      ready,
    );
  }
};
