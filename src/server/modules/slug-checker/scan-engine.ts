import { STATUS_CODES } from 'node:http';
import { SLUG_CHECK_CONCURRENCY, type SlugResult } from '../../../shared/schemas/slug-checker';
import { OutboundError } from '../../lib/outbound/outbound-error';
import { failureCode, type ScanClient, type ScanResponse } from './scan-client';
import {
  buildCalibration,
  type Calibration,
  calibrationSlugs,
  fingerprint,
  isSoftNotFound,
  mayBeSoftNotFound,
} from './soft-404';

export interface ScanSettings {
  /** Requests in flight (up to 20 at once). */
  concurrency: number;
  /** Per request: connecting, headers and the capped body. */
  timeoutMs: number;
  /** Bytes of each body read (enough to fingerprint a page); the rest is never downloaded. */
  maxBytes: number;
}

export const SCAN_SETTINGS: ScanSettings = {
  concurrency: SLUG_CHECK_CONCURRENCY,
  timeoutMs: 8_000,
  maxBytes: 64 * 1024,
};

const STATUS_TEXT_PT: Record<number, string> = {
  200: 'OK',
  201: 'Criado',
  202: 'Aceito',
  204: 'Sem Conteúdo',
  206: 'Conteúdo Parcial',
  300: 'Múltiplas Escolhas',
  301: 'Movido Permanentemente',
  302: 'Encontrado (Redirecionamento)',
  303: 'Ver Outro',
  304: 'Não Modificado',
  307: 'Redirecionamento Temporário',
  308: 'Redirecionamento Permanente',
  400: 'Requisição Inválida',
  401: 'Não Autorizado',
  402: 'Pagamento Necessário',
  403: 'Proibido',
  404: 'Não Encontrado',
  405: 'Método Não Permitido',
  406: 'Não Aceitável',
  408: 'Tempo de Requisição Esgotado',
  410: 'Removido',
  429: 'Muitas Requisições',
  451: 'Indisponível por Motivos Legais',
  500: 'Erro Interno do Servidor',
  501: 'Não Implementado',
  502: 'Gateway Inválido',
  503: 'Serviço Indisponível',
  504: 'Tempo de Gateway Esgotado',
};

export const statusTextOf = (status: number) =>
  STATUS_TEXT_PT[status] ?? STATUS_CODES[status] ?? `HTTP ${status}`;

/** Why a request produced no answer (statusText of a status-0 result), in Portuguese. */
export function failureText(err: unknown): string {
  if (!(err instanceof OutboundError)) return 'Falha inesperada';
  if (err.reason === 'timeout') return 'Tempo esgotado';
  if (err.reason === 'blocked-address') return 'Endereço não permitido (rede interna)';
  if (err.reason === 'invalid-url') return 'URL inválida';
  if (err.reason === 'aborted') return 'Cancelada';
  const code = failureCode(err);
  if (code === 'ECONNREFUSED') return 'Conexão recusada';
  if (['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED'].includes(code)) {
    return 'Conexão encerrada pelo servidor';
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'Domínio não encontrado (DNS)';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'Servidor inacessível';
  if (/CERT|TLS|SSL|EPROTO|DEPTH_ZERO|SELF_SIGNED/.test(code)) return 'Erro de TLS/certificado';
  return 'Falha de conexão';
}

const slugUrl = (origin: URL, slug: string) => new URL(`${origin.origin}/${slug}`);

/** GET with one retry when a kept-alive connection was closed under the request (never after a timeout). */
async function fetchSlug(client: ScanClient, url: URL, settings: ScanSettings, signal?: AbortSignal) {
  const options = { timeoutMs: settings.timeoutMs, maxBytes: settings.maxBytes, signal };
  try {
    return await client.get(url, options);
  } catch (err) {
    const retry =
      err instanceof OutboundError &&
      err.reason === 'network' &&
      !signal?.aborted &&
      ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'].includes(failureCode(err));
    if (!retry) throw err;
    return await client.get(url, options);
  }
}

/** Probes random paths and records how the site answers a page that does not exist. */
export async function calibrate(
  client: ScanClient,
  origin: URL,
  settings: ScanSettings,
  signal?: AbortSignal,
): Promise<Calibration> {
  const probes = await Promise.all(
    calibrationSlugs().map(async (slug) => {
      try {
        return fingerprint(origin, slug, await fetchSlug(client, slugUrl(origin, slug), settings, signal));
      } catch {
        return undefined;
      }
    }),
  );
  return buildCalibration(probes.filter((p) => p !== undefined));
}

/** One request of a scan, answered or failed (never rejects): what the result is made of. */
interface SlugOutcome {
  url: URL;
  slug: string;
  responseTime: number;
  answer?: ScanResponse;
  error?: unknown;
}

async function fetchOutcome(
  client: ScanClient,
  origin: URL,
  slug: string,
  settings: ScanSettings,
  signal?: AbortSignal,
): Promise<SlugOutcome> {
  const url = slugUrl(origin, slug);
  const started = performance.now();
  try {
    const answer = await fetchSlug(client, url, settings, signal);
    return { url, slug, responseTime: Math.round(performance.now() - started), answer };
  } catch (error) {
    return { url, slug, responseTime: Math.round(performance.now() - started), error };
  }
}

/** The result of the spec for one outcome, or undefined when the scan was stopped before it answered. */
function resultOf(
  origin: URL,
  { url, slug, responseTime, answer, error }: SlugOutcome,
  calibration: Calibration | undefined,
  signal?: AbortSignal,
): SlugResult | undefined {
  if (!answer) {
    if (signal?.aborted) return undefined;
    return {
      url: url.href,
      slug,
      status: 0,
      statusText: failureText(error),
      isValid: false,
      responseTime,
      redirectUrl: null,
      softNotFound: false,
    };
  }
  const redirect = answer.status >= 300 && answer.status < 400;
  const softNotFound =
    calibration !== undefined &&
    mayBeSoftNotFound(calibration, answer.status) &&
    isSoftNotFound(calibration, fingerprint(origin, slug, answer));
  const text = statusTextOf(answer.status);
  return {
    url: url.href,
    slug,
    status: answer.status,
    statusText: softNotFound ? `${text} (soft-404: igual à resposta de página inexistente)` : text,
    isValid: answer.status >= 200 && answer.status < 300 && !softNotFound,
    responseTime,
    redirectUrl: redirect ? (answer.location ?? null) : null,
    softNotFound,
  };
}

export interface ScanHooks {
  onResult?(result: SlugResult, tested: number, total: number): void;
}

/**
 * Checks every slug with `settings.concurrency` requests in flight. Stops starting new requests as soon as the
 * signal aborts (the client went away); the results so far are returned in slug order.
 */
export async function runScan(
  client: ScanClient,
  origin: URL,
  slugs: readonly string[],
  calibration: Calibration | undefined,
  settings: ScanSettings,
  hooks: ScanHooks = {},
  signal?: AbortSignal,
): Promise<{ results: SlugResult[]; stopped: boolean }> {
  const results: (SlugResult | undefined)[] = new Array(slugs.length);
  // A failure of one worker (ours, not the site's) stops the others at once.
  const failed = new AbortController();
  const stop = signal ? AbortSignal.any([signal, failed.signal]) : failed.signal;
  let next = 0;
  let tested = 0;
  const take = () => {
    if (stop.aborted || next >= slugs.length) return undefined;
    const index = next++;
    return { index, outcome: fetchOutcome(client, origin, slugs[index] as string, settings, stop) };
  };
  // Each worker sends its next request as soon as an answer is in, then builds that answer's result (and the
  // caller streams it): answers arriving together never hold back the requests behind them.
  const worker = async () => {
    try {
      let current = take();
      while (current) {
        const outcome = await current.outcome;
        const { index } = current;
        current = take();
        const result = resultOf(origin, outcome, calibration, stop);
        if (!result) continue;
        results[index] = result;
        tested++;
        hooks.onResult?.(result, tested, slugs.length);
      }
    } catch (err) {
      failed.abort();
      throw err;
    }
  };
  await Promise.all(Array.from({ length: Math.min(settings.concurrency, slugs.length) }, worker));
  return { results: results.filter((r) => r !== undefined), stopped: signal?.aborted === true };
}
