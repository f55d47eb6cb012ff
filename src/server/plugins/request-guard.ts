import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ValidationError } from '../lib/errors';

/** Deepest `[`/`{` nesting a JSON body may have; real bodies here are 2-6 levels deep. */
export const MAX_JSON_DEPTH = 32;

export const GUARD_MESSAGES = {
  unsafeText: 'A requisição contém caracteres inválidos (caractere nulo ou Unicode inválido).',
  badUrl: 'Endereço inválido: a codificação de caracteres está incorreta.',
  tooDeep: 'O corpo da requisição tem aninhamento demais.',
  notUtf8: 'O corpo da requisição não está em UTF-8 válido.',
  noBoundary: 'Envio de arquivo inválido: o cabeçalho multipart/form-data não tem boundary.',
} as const;

// NUL, or a UTF-16 surrogate that is not part of a pair (with the `u` flag a well-formed pair is one code point).
const UNSAFE_TEXT = /[\0\p{Cs}]/u;

/** False when the text holds a NUL character or a lone surrogate (text PostgreSQL cannot store faithfully). */
export function isSafeText(text: string): boolean {
  return !UNSAFE_TEXT.test(text);
}

/** True when any string (key or value) anywhere in a parsed body is unsafe. */
export function hasUnsafeText(value: unknown): boolean {
  if (typeof value === 'string') return !isSafeText(value);
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(hasUnsafeText);
  if (Buffer.isBuffer(value)) return false;
  for (const [key, item] of Object.entries(value)) {
    if (!isSafeText(key) || hasUnsafeText(item)) return true;
  }
  return false;
}

/**
 * A scan of the raw JSON bytes, before parsing: true when `[`/`{` nest deeper than `max` outside strings.
 * Multi-byte UTF-8 sequences never contain ASCII bytes, so a byte scan is exact.
 */
export function jsonNestingExceeds(body: Uint8Array, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

function encodedTextProblem(encoded: string): string | null {
  if (!encoded.includes('%')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(encoded);
  } catch {
    return GUARD_MESSAGES.badUrl;
  }
  return isSafeText(decoded) ? null : GUARD_MESSAGES.unsafeText;
}

/**
 * Why a raw request URL is refused, or null: its path and every query component must decode as valid
 * UTF-8 without NUL or lone surrogates. (The query parser keeps a bad `%ff` as literal text.)
 */
export function urlProblem(url: string): string | null {
  const q = url.indexOf('?');
  if (q === -1) return encodedTextProblem(url);
  const inPath = encodedTextProblem(url.slice(0, q));
  if (inPath) return inPath;
  for (const part of url.slice(q + 1).split('&')) {
    const inQuery = encodedTextProblem(part.replaceAll('+', ' '));
    if (inQuery) return inQuery;
  }
  return null;
}

const MULTIPART = /^\s*multipart\/form-data\s*(;|$)/i;
const BOUNDARY = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(;|$)/i;

/** A multipart request must name a boundary of 1-70 characters (RFC 2046); busboy throws without one. */
export function hasMultipartBoundary(contentType: string | undefined): boolean {
  if (!contentType || !MULTIPART.test(contentType)) return true;
  return BOUNDARY.test(contentType);
}

/**
 * The JSON body parser: body limit (route's, else the server's) enforced by Fastify while reading, then
 * valid UTF-8, nesting depth counted on the raw bytes, and only then secure-json-parse (through Fastify's
 * default parser: `__proto__`/`constructor.prototype` keys are refused). `onText` sees the raw text (the
 * webhook keeps it as received); `invalidJsonMessage` replaces the message for unparsable JSON.
 */
export function createJsonParser(
  app: FastifyInstance,
  options: { onText?: (request: FastifyRequest, text: string) => void; invalidJsonMessage?: string } = {},
) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  return (request: FastifyRequest, body: Buffer, done: (err: Error | null, body?: unknown) => void) => {
    if (!isUtf8(body)) return done(new ValidationError(GUARD_MESSAGES.notUtf8));
    if (jsonNestingExceeds(body)) return done(new ValidationError(GUARD_MESSAGES.tooDeep));
    const text = body.toString('utf8');
    options.onText?.(request, text);
    parseJson(request, text, (err, value) => {
      const invalid = (err as { code?: string } | null)?.code === 'FST_ERR_CTP_INVALID_JSON_BODY';
      if (invalid && options.invalidJsonMessage) done(new ValidationError(options.invalidJsonMessage));
      else done(err, value);
    });
  };
}

/**
 * Hostile input, rejected centrally for every route present and future: NUL characters and invalid Unicode
 * in the URL (path, params, query) and in any parsed body; JSON nested too deep or not UTF-8; multipart
 * without a boundary. Each answers 400 with a Portuguese message through the one error handler.
 */
export const requestGuardPlugin = fp(async (app: FastifyInstance) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, createJsonParser(app));

  app.addHook('onRequest', async (request) => {
    const problem = urlProblem(request.url);
    if (problem) throw new ValidationError(problem);
    if (!hasMultipartBoundary(request.headers['content-type'])) {
      throw new ValidationError(GUARD_MESSAGES.noBoundary);
    }
  });

  // Runs for whatever parser produced the body (JSON here or in a module, multipart fields).
  app.addHook('preValidation', async (request) => {
    if (hasUnsafeText(request.body)) throw new ValidationError(GUARD_MESSAGES.unsafeText);
  });
});
