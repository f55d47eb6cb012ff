import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isRequestId } from '../../shared/request-id';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Fastify's `genReqId`: the incoming `X-Request-Id` when it is a valid id (a balancer's or a tracing system's, so one
 * id follows the request through every hop), otherwise a random UUID. A malformed incoming value is dropped here and
 * never reaches a log line. Fastify's own `requestIdHeader` is off: it would take any value as it came.
 */
export function requestIdFor(raw: IncomingMessage): string {
  const incoming = raw.headers[REQUEST_ID_HEADER];
  return isRequestId(incoming) ? incoming : randomUUID();
}

/**
 * Binds the signed-in member to every later log line of the request (the request's own child logger, so the line of
 * the completed request carries it too).
 */
export function bindMemberToLog(request: FastifyRequest, userId: string): void {
  (request.log as { setBindings?(bindings: Record<string, unknown>): void }).setBindings?.({ userId });
}

/**
 * A 5xx JSON body with the request's id as its `code` (`{ message, code }`, errorBody in shared/schemas/common.ts): the
 * member quotes it ("Código do erro"), the operator finds the request's log lines by it. The error handler adds it to
 * every 5xx it answers; a route answering a 5xx itself uses this too.
 */
export function withRequestCode<T extends object>(request: FastifyRequest, body: T): T & { code: string } {
  return { ...body, code: request.id };
}

/** Every answer carries `X-Request-Id`: set first thing, so errors thrown by any later hook keep it. */
export const requestIdPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
});
