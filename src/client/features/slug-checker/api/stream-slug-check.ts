import type { SlugCheckInput, SlugCheckResponse, SlugResult } from '../../../../shared/schemas/slug-checker';
import { ApiError } from '../../../lib/api-client';
import { readEventStream } from '../../../lib/event-stream';

export interface SlugCheckHandlers {
  onProgress?(tested: number, total: number): void;
  onResult?(result: SlugResult): void;
}

export const NO_CONNECTION = 'Sem conexão com o servidor. Verifique sua internet e tente novamente.';
export const STREAM_CUT =
  'A conexão com o servidor caiu durante a verificação. Os resultados recebidos até aqui ficaram salvos nas verificações recentes.';

async function failure(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let body: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(text);
    if (parsed && typeof parsed === 'object') body = parsed;
  } catch {
    // Not JSON (a proxy's page): the status speaks.
  }
  const message = typeof body.message === 'string' && body.message ? body.message : `Erro ${res.status}`;
  return new ApiError(res.status, message, body);
}

/**
 * POST /api/check-slugs with `Accept: text/event-stream`: progress and each result arrive as the server tests
 * them; resolves with the final answer (event `done`). A refusal (402 saldo, 409, 422, 429, 400) rejects with an
 * ApiError carrying its status; an `error` event or a stream cut before `done` rejects too. Aborting `signal`
 * ('Parar') closes the connection, which stops the scan on the server, and rejects with the abort reason.
 */
export async function streamSlugCheck(
  input: SlugCheckInput,
  handlers: SlugCheckHandlers,
  signal: AbortSignal,
): Promise<SlugCheckResponse> {
  let res: Response;
  try {
    res = await fetch('/api/check-slugs', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(input),
      signal,
    });
  } catch (err) {
    if (signal.aborted) throw err;
    throw new ApiError(0, NO_CONNECTION, {});
  }
  if (!res.ok) throw await failure(res);
  if (!/text\/event-stream/.test(res.headers.get('content-type') ?? '')) {
    // An answer without progress (a proxy that buffers and rewrites): the JSON body is the final answer.
    return (await res.json()) as SlugCheckResponse;
  }

  let final: SlugCheckResponse | undefined;
  let failed: ApiError | undefined;
  try {
    await readEventStream(
      res,
      ({ event, data }) => {
        if (final || failed) return;
        const payload = JSON.parse(data);
        if (event === 'progress') handlers.onProgress?.(payload.tested, payload.total);
        else if (event === 'result') handlers.onResult?.(payload as SlugResult);
        else if (event === 'done') final = payload as SlugCheckResponse;
        else if (event === 'error')
          failed = new ApiError(500, String(payload.message || 'Um erro inesperado ocorreu.'), payload);
      },
      signal,
    );
  } catch (err) {
    if (signal.aborted) throw err;
    throw new ApiError(0, STREAM_CUT, {});
  }
  if (failed) throw failed;
  if (!final) throw new ApiError(0, STREAM_CUT, {});
  return final;
}
