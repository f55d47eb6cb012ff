import type { lookup as dnsLookup } from 'node:dns';
import type { FastifyInstance } from 'fastify';
import { formatBRL } from '../../../shared/number-format';
import type { FunnelEntry } from '../../../shared/schemas/funnel';
import type { SlugCheckStreamEvent } from '../../../shared/schemas/slug-checker';
import {
  parseSlugCheckDomain,
  SLUG_CHECK_COST_CENTS,
  SLUG_SCANS_KEPT,
  type SlugCheckInput,
  type SlugCheckResponse,
  type SlugCheckTarget,
  type SlugResult,
  type SlugScanDetail,
  type SlugScanSummary,
  serverSlugCheckMessage,
} from '../../../shared/schemas/slug-checker';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { type Job, type JobRegistry, RESTARTING_RETRY_AFTER_SECONDS, RestartingError } from '../../lib/jobs';
import { type MemberLock, tryMemberLock } from '../../lib/member-lock';
import type { AppWorkers } from '../../worker-tasks';
import { storeScanFunnel } from '../funnel/funnel-store.repo';
import { entriesToPicture, mapFunnel, pictureFunnel } from '../funnel/map-funnel';
import { captureScreenshots } from '../funnel/screenshots';
import { type Discovered, discoverPaths } from './discovery';
import { createScanClient, type ScanClient } from './scan-client';
import { isSoftNotFoundAnswer, SCAN_SETTINGS, type ScanSettings, scanSite } from './scan-engine';
import { ScanRecorder } from './scan-recorder';
import { presentScanSummary } from './slug-checker.presenters';
import {
  debitAndCreateScan,
  findScan,
  finishScan,
  listScans,
  readBalanceCents,
  readScanFrom,
  refundScan,
  sweepLapsedScans,
} from './slug-checker.repo';
import { resolveScanOrigin } from './target';
import { buildSlugList } from './wordlist';

export interface SlugCheckerDeps {
  db: Db;
  config: Pick<AppConfig, 'ALLOW_PRIVATE_NETWORK_TARGETS' | 'JOB_LEASE_SECONDS' | 'PIX_PROVIDER'>;
  /** This instance's long jobs (app.jobs): refuses scans while it shuts down, interrupts them at its end. */
  jobs: JobRegistry;
  /** Log of the failures of the progress writes (the database away for a moment). */
  log?: { warn(obj: object, msg: string): void; info?(obj: object, msg: string): void };
  /** Tests: a resolver for host names (every address it returns still goes through the address policy). */
  lookup?: typeof dnsLookup;
  settings?: ScanSettings;
  /** The app's worker threads: sitemaps are read there, never on the event loop. */
  workers: AppWorkers;
  /** Pictures of the funnel's pages (url → stored URL); absent: maps have no pictures (tests without Chromium). */
  capturePages?: CapturePages;
}

export type CapturePages = (urls: string[], signal?: AbortSignal) => Promise<Map<string, string>>;

export const INSUFFICIENT_BALANCE =
  'Saldo insuficiente: cada verificação custa R$ 1,00. Adicione saldo com PIX para continuar.';
/** The same, where the PIX top-up is off (PIX_PROVIDER=off): the support adds balance, not the member. */
export const INSUFFICIENT_BALANCE_NO_TOP_UP =
  'Saldo insuficiente: cada verificação custa R$ 1,00. Fale com o suporte para adicionar saldo.';
export const SCAN_IN_PROGRESS =
  'Você já tem uma verificação em andamento. Aguarde ela terminar (ou pare-a) antes de começar outra.';

export class InsufficientBalanceError extends AppError {
  constructor(topUp: AppConfig['PIX_PROVIDER']) {
    super(402, topUp === 'off' ? INSUFFICIENT_BALANCE_NO_TOP_UP : INSUFFICIENT_BALANCE);
  }
}

/** What the member reads of a scan ended 'interrupted' (or 'failed') and refunded, in the stream and the history. */
export const refundedScanMessage = (costCents: number) =>
  costCents > 0
    ? `Verificação interrompida — ${formatBRL(costCents / 100)} devolvido ao seu saldo.`
    : 'Verificação interrompida.';

/** The scan could not finish here (this instance shuts down, or lost it to another's sweeper): refunded. */
export class ScanInterruptedError extends AppError {
  constructor(costCents: number, restarting: boolean) {
    super(
      503,
      restarting
        ? `Servidor reiniciando: ${refundedScanMessage(costCents).replace(/^V/, 'v')} Tente de novo em instantes.`
        : `${refundedScanMessage(costCents)} Tente de novo.`,
      {},
      { 'retry-after': RESTARTING_RETRY_AFTER_SECONDS },
    );
  }
}

/** A paid scan ready to run: the member's lock is held, the target answered, the verification is debited. */
export interface PreparedScan {
  scanId: string;
  userId: string;
  domain: string;
  target: SlugCheckTarget;
  origin: URL;
  client: ScanClient;
  lock: MemberLock;
  /** The scan as one of this instance's long jobs (interrupted on shutdown). */
  job: Job;
  settings: ScanSettings;
  /** What the scan cost (0: the administrator's funnel map); refunded at that amount. */
  costCents: number;
}

/**
 * Everything that may refuse a scan, in an order that charges nothing for a refusal: one scan at a time per
 * member (409), enough balance (402), a target that exists, is allowed and answers (400/422), and only then
 * the atomic debit with its ledger row (402 if a parallel debit took the balance in the meantime).
 */
export async function prepareSlugCheck(
  deps: SlugCheckerDeps,
  userId: string,
  input: SlugCheckInput,
  signal?: AbortSignal,
  options: { costCents?: number } = {},
): Promise<PreparedScan> {
  const costCents = options.costCents ?? SLUG_CHECK_COST_CENTS;
  const parsed = parseSlugCheckDomain(input.domain, input.baseSlug);
  if ('error' in parsed) throw new ValidationError(serverSlugCheckMessage(parsed.error));
  const { target } = parsed;
  const settings = deps.settings ?? SCAN_SETTINGS;

  // An instance shutting down refuses (503, Retry-After) before anything is locked or charged.
  const job = deps.jobs.begin('slug_scan');
  let lock: MemberLock | null = null;
  let client: ScanClient | undefined;
  try {
    lock = await tryMemberLock(deps, 'slug_scan', userId);
  } catch (err) {
    job.end();
    throw err;
  }
  if (!lock) {
    job.end();
    throw new ConflictError(SCAN_IN_PROGRESS);
  }
  try {
    if ((await readBalanceCents(deps.db, userId)) < costCents)
      throw new InsufficientBalanceError(deps.config.PIX_PROVIDER);
    client = createScanClient({
      allowPrivateNetwork: deps.config.ALLOW_PRIVATE_NETWORK_TARGETS,
      connections: settings.concurrency,
      lookup: deps.lookup,
    });
    const origin = await resolveScanOrigin(client, target, { timeoutMs: settings.timeoutMs, signal });
    // Interrupted while the target was being reached (the instance is stopping): refused, nothing charged.
    if (job.signal.aborted) throw new RestartingError();
    const debit = await debitAndCreateScan(deps.db, {
      userId,
      costCents,
      domain: target.host,
      origin: origin.origin,
      baseSlug: target.baseSlug,
      keep: SLUG_SCANS_KEPT,
      leaseOwner: deps.jobs.instanceId,
      leaseMs: deps.config.JOB_LEASE_SECONDS * 1000,
    });
    if (!debit) throw new InsufficientBalanceError(deps.config.PIX_PROVIDER);
    return {
      scanId: debit.scanId,
      userId,
      domain: target.host,
      target,
      origin,
      client,
      lock,
      job,
      settings,
      costCents,
    };
  } catch (err) {
    await client?.close().catch(() => {});
    await lock.release();
    job.end();
    throw err;
  }
}

export interface SlugCheckProgress {
  onProgress?(tested: number, total: number): void;
  onResult?(result: SlugResult): void;
  /**
   * How long the wordlist scan (calibration and the site's own paths included) and the funnel's one extra hop
   * took, in ms: the scan's speed is judged on the first alone, the hop is reported apart.
   */
  onTimings?(timings: { scanMs: number; funnelMs: number }): void;
}

/**
 * Runs a prepared scan: every slug, with the soft-404 calibration and the site's own paths (robots.txt, sitemap) in
 * flight from the start (scanSite), its progress and results written to the scan's row as it goes (ScanRecorder, which also keeps the
 * lease). The results are stored with the scan ('stopped' when the signal aborted: the member went away or pressed
 * 'Parar'). A failure of ours gives the verification back ('failed'); so does this instance ending the scan to shut
 * down ('interrupted'), or finding that another instance already did (its lease lapsed): ScanInterruptedError. The
 * lock, the connections and the job are always released.
 */
export async function runSlugCheck(
  deps: SlugCheckerDeps,
  scan: PreparedScan,
  progress: SlugCheckProgress = {},
  signal?: AbortSignal,
): Promise<SlugCheckResponse> {
  const { client, origin, settings, job } = scan;
  const lost = new AbortController();
  const owner = deps.jobs.instanceId;
  const recorder = new ScanRecorder(
    deps.db,
    { scanId: scan.scanId, owner, leaseMs: deps.config.JOB_LEASE_SECONDS * 1000 },
    () => lost.abort(),
    (err) =>
      deps.log?.warn({ err }, 'verificação de slugs: progresso não gravado (nova tentativa em seguida)'),
  );
  const stop = AbortSignal.any([job.signal, lost.signal, ...(signal ? [signal] : [])]);
  const { costCents } = scan;
  try {
    // The wordlist from the first moment; the soft-404 probes and the site's own paths (robots.txt, sitemaps) in
    // flight with it, within the same 20 requests. The progress starts once those paths are queued.
    let discovered: Discovered = { robots: [], sitemap: [] };
    let total = 0;
    const scanStarted = performance.now();
    const scanned = await scanSite(
      client,
      origin,
      {
        slugs: buildSlugList({ baseSlug: scan.target.baseSlug }),
        discover: async (limited, discoverSignal) => {
          discovered = await discoverPaths(
            limited,
            origin,
            (xml) => deps.workers.run('slug-sitemap', xml, { signal: discoverSignal }),
            discoverSignal,
          );
          return [...discovered.robots, ...discovered.sitemap];
        },
      },
      settings,
      {
        onStart(count) {
          total = count;
          recorder.setTotal(total);
          progress.onProgress?.(0, total);
        },
        onResult(result, tested, count) {
          if (count !== total) {
            total = count;
            recorder.setTotal(total);
          }
          recorder.add(result);
          progress.onResult?.(result);
          progress.onProgress?.(tested, total);
        },
      },
      stop,
    );
    // Stored in the order of the list: the baseSlug's combinations, the site's own paths, then the wordlist.
    const order = new Map(
      buildSlugList({ baseSlug: scan.target.baseSlug, ...discovered }).map((slug, i) => [slug, i]),
    );
    const results = scanned.results.sort((a, b) => (order.get(a.slug) ?? 0) - (order.get(b.slug) ?? 0));
    // The funnel (issue #26): the pages found read one hop further and sorted by step, before the scan is done,
    // so every follower's `done` has it. A stopped scan maps what it found without reading further.
    const { calibration } = scanned;
    const funnelStarted = performance.now();
    const { funnel, reached } = await mapFunnel({
      client,
      origin,
      scannedUrl: scannedUrlOf(origin, scan.target.baseSlug),
      results,
      isSoftNotFound: (url, answer) =>
        calibration !== undefined && isSoftNotFoundAnswer(calibration, url, answer),
      concurrency: settings.concurrency,
      signal: stop,
      // Parsed on the worker threads; not cancelled by a stop (a stopped scan still gets the funnel of what it found).
      parse: {
        build: (input) => deps.workers.run('funnel-build', input),
        links: (input) => deps.workers.run('funnel-links', input),
      },
    });
    progress.onTimings?.({
      scanMs: funnelStarted - scanStarted,
      funnelMs: performance.now() - funnelStarted,
    });
    await recorder.stop();
    if (lost.signal.aborted) throw new ScanInterruptedError(costCents, false);
    if (job.signal.aborted) {
      await refundScan(deps.db, scan.scanId, 'interrupted');
      throw new ScanInterruptedError(costCents, true);
    }
    const status = signal?.aborted ? 'stopped' : 'done';
    const pictures =
      deps.capturePages && !signal?.aborted ? entriesToPicture(funnel, origin, reached).length > 0 : false;
    if (
      !(await finishScan(deps.db, scan.scanId, {
        owner,
        status,
        results,
        funnel,
        screenshotsPending: pictures,
      }))
    ) {
      throw new ScanInterruptedError(costCents, false);
    }
    if (pictures && deps.capturePages)
      takePictures(deps, deps.capturePages, scan.scanId, funnel, origin, reached);
    return {
      scanId: scan.scanId,
      domain: scan.domain,
      totalTested: results.length,
      validUrls: results.filter((r) => r.isValid).length,
      results,
      funnel,
      funnelScreenshotsPending: pictures,
    };
  } catch (err) {
    await recorder.stop();
    if (err instanceof ScanInterruptedError) throw err;
    const restarting = job.signal.aborted;
    await refundScan(deps.db, scan.scanId, restarting ? 'interrupted' : 'failed');
    throw restarting ? new ScanInterruptedError(costCents, true) : err;
  } finally {
    await client.close().catch(() => {});
    await scan.lock.release();
    job.end();
  }
}

/** The page the member asked for: the origin, or its base path. */
const scannedUrlOf = (origin: URL, baseSlug: string | undefined) =>
  baseSlug ? new URL(`/${baseSlug}`, origin).href : `${origin.origin}/`;

/**
 * The funnel's pictures, after the answer (issue #26: their time is reported apart): taken as one of this
 * instance's jobs (shutdown interrupts it), then stored on the scan and on the offer maps made from it. Whatever
 * happens, the scan ends up not pending (a picture that could not be taken is just absent).
 */
function takePictures(
  deps: SlugCheckerDeps,
  capture: CapturePages,
  scanId: string,
  funnel: FunnelEntry[],
  origin: URL,
  reached: ReadonlySet<string>,
): void {
  let job: Job;
  try {
    job = deps.jobs.begin('funnel_pictures');
  } catch {
    void storeScanFunnel(deps.db, scanId, funnel).catch(() => {});
    return;
  }
  const started = performance.now();
  void pictureFunnel(funnel, origin, reached, capture, job.signal)
    .catch((err) => {
      deps.log?.warn({ err }, 'mapa do funil: capturas não tiradas');
      return funnel;
    })
    .then(async (pictured) => {
      await storeScanFunnel(deps.db, scanId, pictured);
      deps.log?.info?.(
        { scanId, ms: Math.round(performance.now() - started) },
        'mapa do funil: capturas gravadas',
      );
    })
    .catch((err) => deps.log?.warn({ err }, 'mapa do funil: capturas não gravadas'))
    .finally(() => job.end());
}

/** The dependencies of a scan as the app has them (the slug checker's routes and the offers' funnel map). */
export function slugCheckerDepsOf(app: FastifyInstance): SlugCheckerDeps {
  return {
    db: app.db,
    config: app.config,
    jobs: app.jobs,
    log: app.log,
    workers: app.workers,
    capturePages: !app.config.FUNNEL_SCREENSHOTS
      ? undefined
      : (urls, signal) =>
          captureScreenshots(
            {
              browsers: app.browsers,
              storage: app.storage,
              allowPrivateNetwork: app.config.ALLOW_PRIVATE_NETWORK_TARGETS,
            },
            urls,
            { signal },
          ),
  };
}

export async function listRecentScans(db: Db, userId: string): Promise<SlugScanSummary[]> {
  return (await listScans(db, userId, SLUG_SCANS_KEPT)).map(presentScanSummary);
}

export async function getScan(db: Db, userId: string, scanId: string): Promise<SlugScanDetail> {
  const row = await findScan(db, userId, scanId);
  if (!row) throw new NotFoundError('Verificação não encontrada.');
  return {
    ...presentScanSummary(row),
    results: row.results,
    funnel: row.funnel,
    funnelScreenshotsPending: row.funnelScreenshotsPending,
  };
}

/** Why a scan that ended without its answer ended, as the member reads it. */
function endedMessage(row: { status: string; refundedAt: Date | null; costCents: number }): string {
  if (row.refundedAt) return refundedScanMessage(row.costCents);
  return 'A verificação foi interrompida.';
}

/**
 * Follows a scan from its row, on any instance (the one running it writes its progress as it goes): a progress event
 * when the count moves, each new result, then `done` with the answer (done or stopped) or `error` with the reason
 * (interrupted or failed, and refunded). Reads every `pollMs` without holding a connection in between; stops when
 * the follower goes away.
 */
export async function followScan(
  db: Db,
  userId: string,
  scanId: string,
  send: (event: SlugCheckStreamEvent) => void,
  signal: AbortSignal,
  pollMs: number,
): Promise<void> {
  let seen = 0;
  let lastProgress = '';
  while (!signal.aborted) {
    const row = await readScanFrom(db, userId, scanId, seen);
    if (!row) throw new NotFoundError('Verificação não encontrada.');
    if (row.status === 'running') {
      for (const result of row.results) send({ event: 'result', data: result });
      seen += row.results.length;
      const progress = `${row.totalTested}/${row.totalSlugs}`;
      if (progress !== lastProgress) {
        lastProgress = progress;
        send({ event: 'progress', data: { tested: row.totalTested, total: row.totalSlugs } });
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      continue;
    }
    if (row.status === 'done' || row.status === 'stopped') {
      // The final row has every result in slug order.
      const { results } = (await readScanFrom(db, userId, scanId, 0)) ?? row;
      send({ event: 'progress', data: { tested: results.length, total: row.totalSlugs } });
      send({
        event: 'done',
        data: {
          scanId,
          domain: row.domain,
          totalTested: results.length,
          validUrls: results.filter((r) => r.isValid).length,
          results,
          funnel: row.funnel ?? [],
          funnelScreenshotsPending: row.funnelScreenshotsPending,
        },
      });
    } else {
      send({ event: 'error', data: { message: endedMessage(row) } });
    }
    return;
  }
}

/**
 * Every instance's sweeper: scans whose lease lapsed (their instance died) end 'interrupted' and are refunded,
 * once. Returns how many.
 */
export function interruptLapsedScans(db: Db): Promise<number> {
  return sweepLapsedScans(db);
}
