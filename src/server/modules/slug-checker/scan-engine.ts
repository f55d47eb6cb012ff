import { STATUS_CODES } from 'node:http';
import { SLUG_CHECK_CONCURRENCY, type SlugResult } from '../../../shared/schemas/slug-checker';
import { OutboundError } from '../../lib/outbound/outbound-error';
import { failureCode, type ScanClient, type ScanResponse } from './scan-client';
import {
  type AnswerLike,
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

/**
 * At most `limit` requests in flight to the site, whoever sends them (the scan, its calibration probes, robots.txt
 * and sitemaps); the others wait their turn, first come first served.
 */
export class InFlightLimit {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(limit: number) {
    this.free = Math.max(1, limit);
  }

  /** Takes a slot if one is free (and nobody waits for one). */
  tryAcquire(): boolean {
    if (this.free === 0) return false;
    this.free--;
    return true;
  }

  /** Undefined when a slot was free (taken at once, no promise on the hot path), else resolves when one is. */
  acquire(): Promise<void> | undefined {
    if (this.free > 0) {
      this.free--;
      return undefined;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }

  /** `client` whose every request takes a slot of this limit for its whole duration. */
  wrap(client: ScanClient): ScanClient {
    return {
      get: async (url, options) => {
        const wait = this.acquire();
        if (wait) await wait;
        try {
          return await client.get(url, options);
        } finally {
          this.release();
        }
      },
      close: () => client.close(),
    };
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

/**
 * Whether the answer to `url` (a page of the calibrated site) is that site's "not found" behaviour: the same
 * answer as the calibration probes once the path's spellings are removed (never for a plain 404 or an answer of a
 * status no probe got). `calibration` must come from the same origin as `url`.
 */
export function isSoftNotFoundAnswer(calibration: Calibration, url: URL, answer: AnswerLike): boolean {
  if (!mayBeSoftNotFound(calibration, answer.status)) return false;
  const slug = url.pathname.replace(/^\//, '');
  return isSoftNotFound(calibration, fingerprint(url, slug, answer));
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
  /**
   * Once, before the first result: how many slugs the scan has then. Results are held until the calibration is in
   * and the discovered paths are queued (both about one round trip; the requests go on meanwhile), or until
   * DISCOVERY_WAIT_MS after the calibration when discovery is slower (paths it finds later make the total grow).
   */
  onStart?(total: number): void;
  /** Each result, `tested` of `total`: `total` never shrinks and `tested <= total` always. */
  onResult?(result: SlugResult, tested: number, total: number): void;
}

/** How long results wait for robots.txt and the sitemaps once the calibration is in. */
export const DISCOVERY_WAIT_MS = 2_000;

export interface ScanPlan {
  /** Slugs known before anything is requested (the baseSlug's combinations, the wordlist). */
  slugs: readonly string[];
  /** Paths the site gives away (robots.txt, sitemaps), looked for during the scan and appended, each once. */
  discover?(client: ScanClient, signal: AbortSignal): Promise<readonly string[]>;
  /** A calibration made beforehand; by default the scan calibrates itself, its probes in flight with the rest. */
  calibration?: Calibration;
  /** How long results wait for discovery once the calibration is in (default DISCOVERY_WAIT_MS). */
  discoveryWaitMs?: number;
}

export interface ScanOutcome {
  /** In queue order: the plan's slugs, then the discovered ones. */
  results: SlugResult[];
  stopped: boolean;
  /** The site's soft-404 calibration (for whoever judges more pages of the same site afterwards). */
  calibration: Calibration | undefined;
}

/**
 * The whole scan with at most `settings.concurrency` requests in flight, calibration probes and discovery included.
 * Everything starts at once: the probes and robots.txt/sitemap take their slots first, the slugs the rest; answers
 * are kept until the calibration is in, then classified. Stops starting requests as soon as the signal aborts (the
 * client went away).
 */
export async function scanSite(
  client: ScanClient,
  origin: URL,
  plan: ScanPlan,
  settings: ScanSettings,
  hooks: ScanHooks = {},
  signal?: AbortSignal,
): Promise<ScanOutcome> {
  const limit = new InFlightLimit(settings.concurrency);
  const limited = limit.wrap(client);
  // A failure of one worker (ours, not the site's) stops everything at once.
  const failed = new AbortController();
  const stop = signal ? AbortSignal.any([signal, failed.signal]) : failed.signal;

  const queue: string[] = [...new Set(plan.slugs)];
  const queued = new Set(queue);
  const results: (SlugResult | undefined)[] = [];
  let calibration = plan.calibration;
  const calibrated: Promise<unknown> = plan.calibration
    ? Promise.resolve()
    : calibrate(limited, origin, settings, stop).then((c) => {
        calibration = c;
      });
  let discovering = plan.discover !== undefined;
  const discovered: Promise<unknown> = plan.discover
    ? plan
        .discover(limited, stop)
        .catch(() => [] as string[])
        .then((found) => {
          for (const slug of found) {
            if (queued.has(slug)) continue;
            queued.add(slug);
            queue.push(slug);
          }
          discovering = false;
        })
    : Promise.resolve();

  // Results are held (in answer order) until the calibration is in and discovery is done (or has had its time).
  let open = false;
  let held: { index: number; outcome: SlugOutcome }[] = [];
  let tested = 0;
  const emit = (index: number, outcome: SlugOutcome) => {
    const result = resultOf(origin, outcome, calibration, stop);
    if (!result) return;
    results[index] = result;
    tested++;
    hooks.onResult?.(result, tested, queue.length);
  };
  const release = () => {
    if (open) return;
    open = true;
    hooks.onStart?.(queue.length);
    const waiting = held;
    held = [];
    for (const { index, outcome } of waiting) emit(index, outcome);
  };
  // A hook failing while held results are released fails the scan, as it would from a worker.
  let gateError: { error: unknown } | undefined;
  const guardedRelease = () => {
    try {
      release();
    } catch (error) {
      gateError ??= { error };
      failed.abort();
    }
  };
  let waitTimer: NodeJS.Timeout | undefined;
  const gate = calibrated.then(() => {
    if (!discovering) return guardedRelease();
    waitTimer = setTimeout(guardedRelease, plan.discoveryWaitMs ?? DISCOVERY_WAIT_MS);
    waitTimer.unref();
    return discovered.then(guardedRelease);
  });
  const stopped = new Promise<void>((resolve) => {
    if (stop.aborted) resolve();
    else stop.addEventListener('abort', () => resolve(), { once: true });
  });

  let next = 0;
  type Taken = { index: number; outcome: Promise<SlugOutcome> };
  // The hot path, without a promise: the next request leaves at once when a slot is free and a slug is queued;
  // 'wait' when it must wait for either (then `take`).
  const send = (): Taken => {
    const index = next++;
    return { index, outcome: fetchOutcome(client, origin, queue[index] as string, settings, stop) };
  };
  const takeNow = (): Taken | undefined | 'wait' => {
    if (stop.aborted) return undefined;
    if (next >= queue.length) return discovering ? 'wait' : undefined;
    return limit.tryAcquire() ? send() : 'wait';
  };
  const take = async (): Promise<Taken | undefined> => {
    for (;;) {
      const taken = takeNow();
      if (taken !== 'wait') return taken;
      if (next >= queue.length) {
        await Promise.race([discovered, stopped]);
        continue;
      }
      const wait = limit.acquire();
      if (wait) await wait;
      // The slot is ours: used at once, or handed back when there is nothing (left) to send.
      if (!stop.aborted && next < queue.length) return send();
      limit.release();
    }
  };
  // Each worker sends its next request as soon as an answer is in, then builds that answer's result (and the
  // caller streams it): answers arriving together never hold back the requests behind them.
  const worker = async () => {
    try {
      let current = await take();
      while (current) {
        const outcome = await current.outcome;
        limit.release();
        const { index } = current;
        const following = takeNow();
        if (open) emit(index, outcome);
        else held.push({ index, outcome });
        current = following === 'wait' ? await take() : following;
      }
    } catch (err) {
      failed.abort();
      throw err;
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, settings.concurrency) }, worker));
    await gate;
    if (gateError) throw gateError.error;
    release();
  } finally {
    // Nothing is released after the scan returned or failed.
    open = true;
    clearTimeout(waitTimer);
  }
  return {
    results: results.filter((r) => r !== undefined),
    stopped: signal?.aborted === true,
    calibration,
  };
}

/** Checks a fixed list of slugs against a calibration made beforehand (no discovery); see scanSite. */
export async function runScan(
  client: ScanClient,
  origin: URL,
  slugs: readonly string[],
  calibration: Calibration | undefined,
  settings: ScanSettings,
  hooks: ScanHooks = {},
  signal?: AbortSignal,
): Promise<{ results: SlugResult[]; stopped: boolean }> {
  const { results, stopped } = await scanSite(
    client,
    origin,
    { slugs, calibration: calibration ?? buildCalibration([]) },
    settings,
    hooks,
    signal,
  );
  return { results, stopped };
}
