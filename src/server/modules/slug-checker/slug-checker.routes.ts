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
import { abortOnDisconnect } from '../../lib/abort-on-disconnect';
import { AppError } from '../../lib/errors';
import { currentUser } from '../../plugins/access';
import { INTERNAL_ERROR_MESSAGE } from '../../plugins/error-handler';
import { withRequestCode } from '../../plugins/request-id';
import { SLUG_CHECK_BODY_LIMIT, slugCheckRateLimit } from './slug-checker.limits';
import {
  followScan,
  getScan,
  interruptLapsedScans,
  listRecentScans,
  prepareSlugCheck,
  runSlugCheck,
  slugCheckerDepsOf,
} from './slug-checker.service';

/** The client asked for live progress (server-sent events) instead of the single JSON answer. */
const wantsEventStream = (request: FastifyRequest) =>
  /\btext\/event-stream\b/.test(request.headers.accept ?? '');

/**
 * Where a scan's time went, for the member's browser tools and the bench (a standard Server-Timing header): reaching
 * the site and charging, the wordlist scan with its calibration (the part judged against the ideal), and the funnel's
 * one extra hop (reported apart).
 */
const scanServerTiming = (t: { prepareMs: number; scanMs: number; funnelMs: number }) =>
  [
    `prepare;dur=${t.prepareMs.toFixed(1)}`,
    `scan;dur=${t.scanMs.toFixed(1)}`,
    `funnel;dur=${t.funnelMs.toFixed(1)}`,
  ].join(', ');

const HEARTBEAT_MS = 15_000;
/** How often a follower (GET /api/slug-scans/:id/events) reads the scan's row. */
const FOLLOW_POLL_MS = 300;

/**
 * Turns the reply into a server-sent event stream: the headers set so far (helmet's) go out with it, compression
 * never applies, events written in the same turn of the event loop leave in one write, a comment every 15 s keeps
 * proxies from closing it.
 */
function openEventStream(reply: FastifyReply) {
  reply.hijack();
  const res = reply.raw;
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) res.setHeader(name, value as string | string[] | number);
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
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
  return {
    send,
    end() {
      clearInterval(heartbeat);
      res.end();
    },
  };
}

/**
 * Streams `work`'s events on the reply and always ends the stream: a failure becomes an `error` event with its
 * Portuguese message (an unexpected one is logged and shows the generic message).
 */
async function streamEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  failure: string,
  work: (send: ReturnType<typeof openEventStream>['send']) => Promise<void>,
): Promise<FastifyReply> {
  const { send, end } = openEventStream(reply);
  try {
    await work(send);
  } catch (err) {
    if (!(err instanceof AppError)) request.log.error({ err }, failure);
    // An unexpected failure carries the request's id like any 5xx body (the member's "Código do erro").
    send({
      event: 'error',
      data:
        err instanceof AppError
          ? { message: err.message }
          : withRequestCode(request, { message: INTERNAL_ERROR_MESSAGE }),
    });
  } finally {
    end();
  }
  return reply;
}

/**
 * The slug checker (issue #7): POST /api/check-slugs answers the spec's JSON when the scan ends, or streams it
 * (`Accept: text/event-stream`: events progress, result, done, error) on the same response; the member's recent
 * scans. Members only; the scan runs inside the request and stops when the client goes away. Its progress is in the
 * database as it goes: GET /api/slug-scans/:id/events follows it from any instance (issue #24).
 */
export const slugCheckerRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = slugCheckerDepsOf(app);

  // Every instance sweeps: scans whose lease lapsed (their instance died) end 'interrupted' and refunded, once.
  const sweep = () =>
    void interruptLapsedScans(app.db)
      .then((n) => n > 0 && app.log.warn(`${n} verificação(ões) sem dono interrompida(s) e estornada(s).`))
      .catch((err) => app.log.warn({ err }, 'varredura de verificações sem dono falhou'));
  const sweeper = setInterval(sweep, (app.config.JOB_LEASE_SECONDS * 1000) / 2);
  sweeper.unref();
  app.addHook('onReady', async () => sweep());
  app.addHook('onClose', async () => clearInterval(sweeper));

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
      const started = performance.now();
      // Refusals (409, 402, 400, 422) answer JSON with their status, before anything is streamed.
      const scan = await prepareSlugCheck(deps, user.id, request.body, disconnect.signal);
      if (!wantsEventStream(request)) {
        const prepareMs = performance.now() - started;
        return runSlugCheck(
          deps,
          scan,
          {
            onTimings: ({ scanMs, funnelMs }) =>
              reply.header('server-timing', scanServerTiming({ prepareMs, scanMs, funnelMs })),
          },
          disconnect.signal,
        );
      }

      // This instance's session cache must not serve the balance of before the debit to the next request.
      // (A failure here is the cache's: the scan is paid and runs anyway.)
      await app.changeFeed.sync().catch((err) => request.log.warn({ err }, 'sincronização do cache falhou'));
      let lastProgress = 0;
      return streamEvents(request, reply, 'falha na verificação de slugs', async (send) => {
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
      });
    },
  );

  app.get(
    '/api/slug-scans',
    { config: { access: 'member' }, schema: { response: { 200: slugScanList } } },
    async (request) => ({ scans: await listRecentScans(app.db, currentUser(request).id) }),
  );

  // Follows a scan running on any instance (its row is written as it goes): progress, results, then done or error.
  app.get(
    '/api/slug-scans/:id/events',
    { config: { access: 'member' }, schema: { params: uuidParam } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      // 404 as JSON before anything is streamed.
      await getScan(app.db, userId, request.params.id);
      const disconnect = abortOnDisconnect(reply);
      return streamEvents(request, reply, 'falha ao acompanhar a verificação', (send) =>
        followScan(app.db, userId, request.params.id, send, disconnect.signal, FOLLOW_POLL_MS),
      );
    },
  );

  app.get(
    '/api/slug-scans/:id',
    { config: { access: 'member' }, schema: { params: uuidParam, response: { 200: slugScanDetail } } },
    async (request) => getScan(app.db, currentUser(request).id, request.params.id),
  );
};
