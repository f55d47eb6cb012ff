import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParam } from '../../../shared/schemas/common';
import {
  type SlugCheckStreamEvent,
  slugCheckInput,
  slugCheckResponse,
  slugScanDetail,
  slugScanList,
} from '../../../shared/schemas/slug-checker';
import { AppError } from '../../lib/errors';
import { currentUser } from '../../plugins/access';
import { INTERNAL_ERROR_MESSAGE } from '../../plugins/error-handler';
import { SLUG_CHECK_BODY_LIMIT, slugCheckRateLimit } from './slug-checker.limits';
import { getScan, listRecentScans, prepareSlugCheck, runSlugCheck } from './slug-checker.service';

/** The client asked for live progress (server-sent events) instead of the single JSON answer. */
const wantsEventStream = (request: FastifyRequest) =>
  /\btext\/event-stream\b/.test(request.headers.accept ?? '');

/** Aborts when the client goes away before its answer was written (closed tab, 'Parar', dropped network). */
function abortOnDisconnect(reply: FastifyReply): AbortController {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller;
}

const HEARTBEAT_MS = 15_000;

/**
 * The slug checker (issue #7): POST /api/check-slugs answers the spec's JSON when the scan ends, or streams it
 * (`Accept: text/event-stream`: events progress, result, done, error) on the same response; the member's recent
 * scans. Members only; the scan runs inside the request and stops when the client goes away.
 */
export const slugCheckerRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config };

  app.post(
    '/api/check-slugs',
    {
      bodyLimit: SLUG_CHECK_BODY_LIMIT,
      config: { access: 'member', rateLimit: slugCheckRateLimit },
      schema: { body: slugCheckInput, response: { 200: slugCheckResponse } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const disconnect = abortOnDisconnect(reply);
      // Refusals (409, 402, 400, 422) answer JSON with their status, before anything is streamed.
      const scan = await prepareSlugCheck(deps, user.id, request.body, disconnect.signal);
      if (!wantsEventStream(request)) return runSlugCheck(deps, scan, {}, disconnect.signal);

      // This instance's session cache must not serve the balance of before the debit to the next request.
      await app.changeFeed.sync();
      reply.hijack();
      const res = reply.raw;
      // The headers set so far (helmet's) go out with the stream; compression never applies to it.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) res.setHeader(name, value as string | string[] | number);
      }
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      // Events written in the same turn of the event loop (a burst of answers) leave in one write.
      let corked = false;
      const send = ({ event, data }: SlugCheckStreamEvent) => {
        if (res.writableEnded || res.destroyed) return;
        if (!corked) {
          corked = true;
          res.cork();
          setImmediate(() => {
            corked = false;
            res.uncork();
          });
        }
        res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      const heartbeat = setInterval(() => !res.writableEnded && res.write(': ping\n\n'), HEARTBEAT_MS);
      let lastProgress = 0;
      try {
        const body = await runSlugCheck(
          deps,
          scan,
          {
            onResult: (data) => send({ event: 'result', data }),
            onProgress: (tested, total) => {
              // At most one progress event per 100 ms, and always the first and the last.
              const now = Date.now();
              if (tested !== 0 && tested !== total && now - lastProgress < 100) return;
              lastProgress = now;
              send({ event: 'progress', data: { tested, total } });
            },
          },
          disconnect.signal,
        );
        send({ event: 'done', data: body });
      } catch (err) {
        if (!(err instanceof AppError)) request.log.error({ err }, 'falha na verificação de slugs');
        send({
          event: 'error',
          data: { message: err instanceof AppError ? err.message : INTERNAL_ERROR_MESSAGE },
        });
      } finally {
        clearInterval(heartbeat);
        res.end();
      }
      return reply;
    },
  );

  app.get(
    '/api/slug-scans',
    { config: { access: 'member' }, schema: { response: { 200: slugScanList } } },
    async (request) => ({ scans: await listRecentScans(app.db, currentUser(request).id) }),
  );

  app.get(
    '/api/slug-scans/:id',
    { config: { access: 'member' }, schema: { params: uuidParam, response: { 200: slugScanDetail } } },
    async (request) => getScan(app.db, currentUser(request).id, request.params.id),
  );
};
