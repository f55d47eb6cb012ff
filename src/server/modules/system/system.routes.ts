import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageBody } from '../../../shared/schemas/common';
import { liveness, readiness } from '../../../shared/schemas/system';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from '../../plugins/error-handler';
import { databaseAnswers } from './system.service';

export const DRAINING_MESSAGE = 'Esta instância está sendo encerrada; o balanceador deve usar outra.';

/**
 * Liveness and readiness for load balancers. Live: the process answers (restart it when it does not). Ready: it
 * should get requests: the database answers and the instance is not draining (SIGTERM turns it 503 first, while the
 * instance keeps serving for SHUTDOWN_DRAIN_SECONDS). The change feed and Redis are reported, not required: without
 * them the instance still answers right, so they never take every instance out at once. `/api/health` is readiness.
 */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health/live',
    { config: { access: 'public' }, schema: { response: { 200: liveness } } },
    async () => ({ ok: true as const }),
  );

  const ready = async (_request: unknown, reply: FastifyReply) => {
    if (app.lifecycle.draining) {
      return reply.status(503).header('retry-after', 1).send({ message: DRAINING_MESSAGE });
    }
    if (!(await databaseAnswers(app.db))) {
      return reply
        .status(503)
        .header('retry-after', DATABASE_RETRY_AFTER_SECONDS)
        .send({ message: DATABASE_UNAVAILABLE_MESSAGE });
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
      { config: { access: 'public' }, schema: { response: { 200: readiness, 503: messageBody } } },
      ready,
    );
  }
};
