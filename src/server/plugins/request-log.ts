import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import { type Logger, pino } from 'pino';

/** The path of a request URL: the query string (webhook tokens, reset links) never reaches the log. */
export function pathOnly(url: string | undefined): string {
  if (!url) return '';
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

// Plain properties worth keeping: pg's diagnostics and Drizzle's SQL text (placeholders, no values). Left out:
// Drizzle's `params` and pg's `detail` (which quotes row values).
const KEPT = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'routine',
  'query',
];

/** Drizzle puts the bound values after "params:" in the message; everything from there on is dropped. */
function stripParams(message: string): string {
  const at = message.search(/\r?\nparams:/);
  return at === -1 ? message : message.slice(0, at);
}

/**
 * An error as it may be logged: type, message and stack frames, pg diagnostics and the SQL text of a failed
 * query, its cause likewise; never the bound parameter values or pg's `detail` (which quotes row values).
 */
export function errorForLog(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const e = error as Error & Record<string, unknown>;
  const type = e.constructor?.name || e.name || 'Error';
  const message = stripParams(String(e.message ?? ''));
  const frames = (e.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: Record<string, unknown> = {
    type,
    message,
    stack: [`${type}: ${message}`, ...frames].join('\n'),
  };
  for (const key of KEPT) {
    if (e[key] !== undefined) out[key] = e[key];
  }
  if (e.cause !== undefined && depth < 3) out.cause = errorForLog(e.cause, depth + 1);
  return out;
}

/** Request serializer: method and path only (no query string, no headers, so no cookies or tokens). */
function serializeRequest(request: { method?: string; url?: string; id?: string }) {
  return { method: request.method, url: pathOnly(request.url), id: request.id };
}

/** What every log line of the process may print of a request, an answer and an error. */
const SERIALIZERS = {
  req: serializeRequest,
  res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
  err: errorForLog,
};

/**
 * The app's logger options on top of what the caller gives (level, stream): serializers that never print a
 * query string, a cookie or SQL parameter values.
 */
export function appLoggerOptions(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    serializers: { ...base.serializers, ...SERIALIZERS },
  } as FastifyServerOptions['logger'];
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * The process's own logger (main.ts: the start, the embedded PostgreSQL's supervisor, the shutdown), for before the
 * app's exists and beside it: pino with the app's serializers, so stdout is JSON lines only. Written synchronously: its
 * last lines (a failed start, "encerrado.") are on stdout before the process exits.
 */
export function createProcessLogger(level: string = 'info'): Logger {
  const known = (LOG_LEVELS as readonly string[]).includes(level) ? level : 'info';
  return pino({ level: known, serializers: SERIALIZERS }, pino.destination({ dest: 1, sync: true }));
}

/** The one line logged per completed request: method, path without the query string, status, time. */
export function logCompletedRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  error?: Error | null,
): void {
  const elapsed = reply.elapsedTime;
  const line = {
    method: request.method,
    path: pathOnly(request.url),
    statusCode: reply.statusCode,
    responseTimeMs: Number.isFinite(elapsed) ? Math.round(elapsed * 10) / 10 : undefined,
  };
  if (error) reply.log.error({ ...line, err: errorForLog(error) }, 'requisição terminou com erro');
  else reply.log.info(line, 'requisição concluída');
}

/**
 * Fastify's per-request log lines, replaced (its `LogController`, the non-deprecated form of
 * `disableRequestLogging` plus a hook): no "incoming request" line and ONE line per completed request (the
 * request id is the child logger's `reqId`). Replies of `frameworkErrors` log theirs themselves: Fastify
 * does not track them.
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    logCompletedRequest(request, reply, error);
  }

  override routeNotFound(request: FastifyRequest) {
    request.log.info({ method: request.method, path: pathOnly(request.url) }, 'rota não encontrada');
  }
}
