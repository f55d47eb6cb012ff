import { isRequestId, withErrorCode } from '../../shared/request-id';

/**
 * An API failure: carries the HTTP status and the parsed JSON body (`message` and any flags). A 5xx body's `code` (the
 * request's id) ends the message as "Código do erro: <id>", so every toast and error screen that shows the message
 * gives the member the code to quote to support.
 */
export class ApiError extends Error {
  /** The request's id of a 5xx answer (the server's log lines carry it), when the server gave one. */
  readonly code: string | undefined;

  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown>,
  ) {
    const code = status >= 500 && isRequestId(body.code) ? body.code : undefined;
    super(code ? withErrorCode(message, code) : message);
    this.name = 'ApiError';
    this.code = code;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: 'include', headers: {} };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  let res: Response;
  try {
    res = await fetch(path, init);
  } catch {
    throw new ApiError(0, 'Sem conexão com o servidor. Verifique sua internet e tente novamente.', {});
  }
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { message: text };
    }
  }
  if (!res.ok) {
    const obj = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
    const message = typeof obj.message === 'string' ? obj.message : `Erro ${res.status}`;
    throw new ApiError(res.status, message, obj);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body ?? {}),
  /** A body only when given (most DELETEs carry none). */
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body),
};

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
