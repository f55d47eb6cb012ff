import { AppError } from '../errors';

/** Why a guarded outbound request did not produce a usable response. */
export type OutboundFailure =
  | 'invalid-url'
  | 'blocked-address'
  | 'too-many-redirects'
  | 'timeout'
  | 'too-large'
  | 'network'
  | 'aborted';

export const OUTBOUND_MESSAGES: Record<OutboundFailure, string> = {
  'invalid-url': 'URL inválida: use um endereço http:// ou https:// público, sem usuário e senha.',
  'blocked-address': 'Endereço não permitido: a URL aponta para uma rede interna.',
  'too-many-redirects': 'A URL redireciona vezes demais.',
  timeout: 'O servidor remoto demorou demais para responder.',
  'too-large': 'A resposta do servidor remoto é grande demais.',
  network: 'Não foi possível conectar ao servidor remoto.',
  aborted: 'A requisição foi cancelada.',
};

/** What the URL's owner did wrong answers 400; what the remote server did answers 502/504. */
const STATUS: Record<OutboundFailure, number> = {
  'invalid-url': 400,
  'blocked-address': 400,
  'too-many-redirects': 502,
  timeout: 504,
  'too-large': 502,
  network: 502,
  aborted: 400,
};

/**
 * A refused or failed request of the guarded client. Callers that fetch on a user's behalf usually catch it
 * and word it for their screen (`reason` says what happened); left alone, the error handler answers its
 * status with the Portuguese message.
 */
export class OutboundError extends AppError {
  constructor(
    readonly reason: OutboundFailure,
    options: { cause?: unknown } = {},
  ) {
    super(STATUS[reason], OUTBOUND_MESSAGES[reason]);
    if (options.cause !== undefined) this.cause = options.cause;
  }
}
