/**
 * Request ids (the `X-Request-Id` header): an incoming one is kept when it is 1-128 characters of letters, digits and
 * `._:-` or `_` (what balancers and tracing systems send: nginx's $request_id is hex, HAProxy's documented unique-id
 * format joins its parts with `_` and `:`), otherwise the server makes a random one. Every answer carries it; a 5xx
 * body carries it as `code`, which the client shows as "Código do erro: <id>" for the member to quote.
 */
export const REQUEST_ID_PATTERN = /^[\w.:-]{1,128}$/;

export const isRequestId = (value: unknown): value is string =>
  typeof value === 'string' && REQUEST_ID_PATTERN.test(value);

/** A 5xx message with its error code, as the member sees it: 'Erro interno do servidor. Código do erro: <id>'. */
export function withErrorCode(message: string, code: string): string {
  const sentence = message.trim();
  const ended = sentence === '' || /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
  return `${ended} Código do erro: ${code}`.trim();
}
