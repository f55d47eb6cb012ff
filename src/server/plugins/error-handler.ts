import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';
import { GUARD_MESSAGES } from './request-guard';
import { REQUEST_ID_HEADER, withRequestCode } from './request-id';
import { errorForLog, logCompletedRequest } from './request-log';

export const INTERNAL_ERROR_MESSAGE = 'Erro interno do servidor';
/** A query cancelled by the pool's statement_timeout (DATABASE_STATEMENT_TIMEOUT_MS): 57014, query_canceled. */
export const QUERY_TIMEOUT_MESSAGE =
  'A consulta ao banco de dados demorou demais e foi cancelada. Tente novamente em instantes.';
export const DATABASE_UNAVAILABLE_MESSAGE = 'Banco de dados indisponível. Tente novamente em instantes.';
/** Seconds a client should wait before retrying while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const MULTIPART_BROKEN = 'Envio de arquivo inválido: o conteúdo multipart está incompleto ou corrompido.';

/** Fastify's, its plugins' and Node's own error codes, each with its status and Portuguese message. */
const CODE_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_BAD_URL: [400, GUARD_MESSAGES.badUrl],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'Endereço grande demais.'],
  FST_ERR_NOT_FOUND: [404, 'Recurso não encontrado.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Corpo da requisição não é um JSON válido.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Corpo da requisição vazio.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Requisição muito grande.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Tipo de conteúdo não suportado.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Tamanho de conteúdo inválido.'],
  FST_REQ_FILE_TOO_LARGE: [413, 'Arquivo muito grande.'],
  FST_PARTS_LIMIT: [413, 'Partes demais na requisição.'],
  FST_FILES_LIMIT: [413, 'Arquivos demais na requisição.'],
  FST_FIELDS_LIMIT: [413, 'Campos demais na requisição.'],
  FST_PROTO_VIOLATION: [400, 'Nome de campo não permitido.'],
  FST_INVALID_JSON_FIELD_ERROR: [400, 'Um campo do formulário não é um JSON válido.'],
  FST_MP_PREMATURE_CLOSE: [400, MULTIPART_BROKEN],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'Envie o arquivo como multipart/form-data.'],
  FST_ERR_VALIDATION: [400, 'Dados inválidos.'],
};

/** Any other 4xx, by status. */
const STATUS_MESSAGES: Record<number, string> = {
  400: 'Requisição inválida.',
  404: 'Recurso não encontrado.',
  405: 'Método não permitido.',
  406: 'Formato de resposta não aceito.',
  408: 'Tempo da requisição esgotado.',
  411: 'Informe o tamanho do conteúdo.',
  413: 'Requisição muito grande.',
  414: 'Endereço grande demais.',
  415: 'Tipo de conteúdo não suportado.',
  431: 'Cabeçalhos da requisição grandes demais.',
};

// busboy (multipart) throws plain errors without a code for bodies it cannot read.
const BUSBOY_MESSAGE =
  /^(Multipart: Boundary not found|Unexpected end of (multipart data|form)|Malformed part header|.* terminated early due to unexpected end of multipart data|The needle cannot)/;

const PG_UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
const NET_UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const PG_UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|Connection ended unexpectedly/i;

type ErrorLike = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown; name?: unknown };

/** The error and what it wraps (`cause`, AggregateError `errors`), not descending into outbound HTTP. */
function* errorChain(error: unknown, depth = 0): Generator<ErrorLike> {
  if (!error || typeof error !== 'object' || depth > 5) return;
  const e = error as ErrorLike;
  yield e;
  // undici wraps its socket errors in TypeError('fetch failed'): that is an outside service, not the database.
  if (e.message === 'fetch failed') return;
  yield* errorChain(e.cause, depth + 1);
  if (Array.isArray(e.errors)) for (const inner of e.errors) yield* errorChain(inner, depth + 1);
}

/** What made the database unreachable (a pg or socket code, or pg's message), or null. */
export function databaseUnavailableReason(error: unknown): string | null {
  for (const e of errorChain(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (PG_UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return code;
    // A socket error of our own connection (it names the system call). The same codes without a syscall
    // come from the incoming request itself (a client that went away).
    if (NET_UNAVAILABLE_CODES.has(code) && typeof (e as { syscall?: unknown }).syscall === 'string') {
      return code;
    }
    if (typeof e.message === 'string' && PG_UNAVAILABLE_MESSAGE.test(e.message)) {
      return e.message.split('\n')[0]!.slice(0, 100);
    }
  }
  return null;
}

/** A statement PostgreSQL cancelled (57014: statement_timeout, or a cancel request). */
function queryCancelled(error: unknown): boolean {
  for (const e of errorChain(error)) if (e.code === '57014') return true;
  return false;
}

/** A PostgreSQL data exception (class 22: bad text, number out of range...): bad input that got through. */
function dataExceptionCode(error: unknown): string | null {
  for (const e of errorChain(error)) {
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return e.code;
  }
  return null;
}

interface ErrorAnswer {
  status: number;
  body: { message: string } & Record<string, unknown>;
  headers?: Record<string, string | number>;
}

/** The one mapping from any error to its answer; logs what the server must know (never secrets or SQL values). */
export function answerForError(error: FastifyError | Error, request: FastifyRequest): ErrorAnswer {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      body: { message: error.message, ...error.extra },
      ...(error.headers ? { headers: error.headers } : {}),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { status: 400, body: { message: error.validation[0]?.message || 'Dados inválidos.' } };
  }
  const code = (error as FastifyError).code;
  const known = code ? CODE_MESSAGES[code] : undefined;
  if (known) return { status: known[0], body: { message: known[1] } };
  if (typeof error.message === 'string' && BUSBOY_MESSAGE.test(error.message)) {
    return { status: 400, body: { message: MULTIPART_BROKEN } };
  }
  if (request.raw.readableAborted) {
    // The client went away mid-request (an upload cut short): nobody reads this answer.
    request.log.debug({ err: errorForLog(error) }, 'requisição interrompida pelo cliente');
    return { status: 400, body: { message: 'Requisição interrompida.' } };
  }
  const unavailable = databaseUnavailableReason(error);
  if (unavailable) {
    request.log.warn({ reason: unavailable }, 'banco de dados indisponível');
    return {
      status: 503,
      body: { message: DATABASE_UNAVAILABLE_MESSAGE },
      headers: { 'retry-after': DATABASE_RETRY_AFTER_SECONDS },
    };
  }
  if (queryCancelled(error)) {
    // The server's own fault (a query that needs an index, a lock held too long), not the database being away: 500,
    // which balancers do not retry on another instance (a 503 would run the same slow query again there).
    request.log.error({ err: errorForLog(error) }, 'consulta cancelada pelo statement_timeout');
    return { status: 500, body: { message: QUERY_TIMEOUT_MESSAGE } };
  }
  const dataException = dataExceptionCode(error);
  if (dataException) {
    request.log.warn({ pgCode: dataException }, 'dado recusado pelo banco de dados');
    return { status: 400, body: { message: 'Dados inválidos.' } };
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    return { status, body: { message: STATUS_MESSAGES[status] ?? STATUS_MESSAGES[400]! } };
  }
  request.log.error({ err: errorForLog(error) }, 'erro interno');
  return { status: 500, body: { message: INTERNAL_ERROR_MESSAGE } };
}

function sendErrorAnswer(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const answer = answerForError(error, request);
  if (answer.headers) reply.headers(answer.headers);
  // A 5xx carries the request's id as its code (the member's "Código do erro").
  return reply
    .status(answer.status)
    .send(answer.status >= 500 ? withRequestCode(request, answer.body) : answer.body);
}

/** One error handler: typed errors become `{ message, ...extra }`; internals never leave the server. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => sendErrorAnswer(error, request, reply));
}

/**
 * Fastify's `frameworkErrors` option: errors raised before routing (bad URL encoding, a path parameter over
 * maxParamLength) take the same path as every other error.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // No hook runs for these replies: the request id, the metrics and the log line are added here.
  reply.header('cache-control', 'no-store');
  reply.header(REQUEST_ID_HEADER, request.id);
  sendErrorAnswer(error, request, reply);
  request.server.metrics?.observe(request, reply);
  logCompletedRequest(request, reply);
}

/**
 * Fastify's `clientErrorHandler` option: what Node's HTTP parser refuses (request line or headers over
 * maxHeaderSize, malformed requests, timeouts) answers Portuguese JSON too, then the socket closes.
 */
export function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let message = 'Requisição HTTP malformada.';
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // Node counts the request line within maxHeaderSize: a request line that does not end within the
    // first 8 KB is an over-long URL (414), otherwise the headers (a huge cookie) are too large (431).
    const raw: unknown = error.rawPacket;
    const lineEnd = Buffer.isBuffer(raw) ? raw.indexOf(0x0a) : 0;
    const startsRequest = Buffer.isBuffer(raw) && /^[A-Z]+ /.test(raw.subarray(0, 16).toString('latin1'));
    const uriTooLong = startsRequest && (lineEnd === -1 || lineEnd > 8192);
    status = uriTooLong ? 414 : 431;
    message = STATUS_MESSAGES[status]!;
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    message = STATUS_MESSAGES[408]!;
  }
  // Refused before any request exists: a fresh id (the incoming headers were not parsed), in the answer and the log.
  const reqId = randomUUID();
  this.log.debug({ code: error.code, reqId }, 'requisição recusada pelo parser HTTP');
  if (socket.writable) {
    const body = JSON.stringify({ message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `X-Request-Id: ${reqId}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}
