import type { lookup as dnsLookup } from 'node:dns';
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
import { discoverPaths } from './discovery';
import { createScanClient, type ScanClient } from './scan-client';
import { calibrate, runScan, SCAN_SETTINGS, type ScanSettings } from './scan-engine';
import { type ScanLock, tryScanLock } from './scan-lock';
import {
  debitAndCreateScan,
  findScan,
  finishScan,
  listScans,
  readBalanceCents,
  refundScan,
  type SlugScanRow,
} from './slug-checker.repo';
import { resolveScanOrigin } from './target';
import { buildSlugList } from './wordlist';

export interface SlugCheckerDeps {
  db: Db;
  config: Pick<AppConfig, 'ALLOW_PRIVATE_NETWORK_TARGETS'>;
  /** Tests: a resolver for host names (every address it returns still goes through the address policy). */
  lookup?: typeof dnsLookup;
  settings?: ScanSettings;
}

export const INSUFFICIENT_BALANCE =
  'Saldo insuficiente: cada verificação custa R$ 1,00. Adicione saldo com PIX para continuar.';
export const SCAN_IN_PROGRESS =
  'Você já tem uma verificação em andamento. Aguarde ela terminar (ou pare-a) antes de começar outra.';

export class InsufficientBalanceError extends AppError {
  constructor() {
    super(402, INSUFFICIENT_BALANCE);
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
  lock: ScanLock;
  settings: ScanSettings;
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
): Promise<PreparedScan> {
  const parsed = parseSlugCheckDomain(input.domain, input.baseSlug);
  if ('error' in parsed) throw new ValidationError(serverSlugCheckMessage(parsed.error));
  const { target } = parsed;
  const settings = deps.settings ?? SCAN_SETTINGS;

  const lock = await tryScanLock(deps.db, userId);
  if (!lock) throw new ConflictError(SCAN_IN_PROGRESS);
  let client: ScanClient | undefined;
  try {
    if ((await readBalanceCents(deps.db, userId)) < SLUG_CHECK_COST_CENTS)
      throw new InsufficientBalanceError();
    client = createScanClient({
      allowPrivateNetwork: deps.config.ALLOW_PRIVATE_NETWORK_TARGETS,
      connections: settings.concurrency,
      lookup: deps.lookup,
    });
    const origin = await resolveScanOrigin(client, target, { timeoutMs: settings.timeoutMs, signal });
    const debit = await debitAndCreateScan(deps.db, {
      userId,
      costCents: SLUG_CHECK_COST_CENTS,
      domain: target.host,
      origin: origin.origin,
      baseSlug: target.baseSlug,
      keep: SLUG_SCANS_KEPT,
    });
    if (!debit) throw new InsufficientBalanceError();
    return { scanId: debit.scanId, userId, domain: target.host, target, origin, client, lock, settings };
  } catch (err) {
    await client?.close().catch(() => {});
    await lock.release();
    throw err;
  }
}

export interface SlugCheckProgress {
  onProgress?(tested: number, total: number): void;
  onResult?(result: SlugResult): void;
}

/**
 * Runs a prepared scan: the site's own paths (robots.txt, sitemap) and the soft-404 calibration (together), then
 * every slug. The results are stored with the scan ('stopped' when the signal aborted: the member went away or pressed
 * 'Parar'). A failure of ours gives the verification back. The lock and the connections are always released.
 */
export async function runSlugCheck(
  deps: SlugCheckerDeps,
  scan: PreparedScan,
  progress: SlugCheckProgress = {},
  signal?: AbortSignal,
): Promise<SlugCheckResponse> {
  const { client, origin, settings } = scan;
  try {
    // The site's own paths and the soft-404 probes at once: one round trip of preparation instead of three.
    const [discovered, calibration] = await Promise.all([
      discoverPaths(client, origin, signal),
      calibrate(client, origin, settings, signal),
    ]);
    const slugs = buildSlugList({ baseSlug: scan.target.baseSlug, ...discovered });
    progress.onProgress?.(0, slugs.length);
    const { results, stopped } = await runScan(
      client,
      origin,
      slugs,
      calibration,
      settings,
      {
        onResult(result, tested, total) {
          progress.onResult?.(result);
          progress.onProgress?.(tested, total);
        },
      },
      signal,
    );
    await finishScan(deps.db, scan.scanId, { status: stopped ? 'stopped' : 'done', results });
    return {
      scanId: scan.scanId,
      domain: scan.domain,
      totalTested: results.length,
      validUrls: results.filter((r) => r.isValid).length,
      results,
    };
  } catch (err) {
    await refundScan(deps.db, { userId: scan.userId, scanId: scan.scanId, costCents: SLUG_CHECK_COST_CENTS });
    throw err;
  } finally {
    await client.close().catch(() => {});
    await scan.lock.release();
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function presentSummary(
  row: Omit<SlugScanRow, 'userId' | 'origin' | 'costCents' | 'results'>,
): SlugScanSummary {
  return {
    id: row.id,
    domain: row.domain,
    baseSlug: row.baseSlug,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    finishedAt: iso(row.finishedAt),
    totalTested: row.totalTested,
    validUrls: row.validUrls,
    redirects: row.redirects,
    softNotFound: row.softNotFound,
  };
}

export async function listRecentScans(db: Db, userId: string): Promise<SlugScanSummary[]> {
  return (await listScans(db, userId, SLUG_SCANS_KEPT)).map(presentSummary);
}

export async function getScan(db: Db, userId: string, scanId: string): Promise<SlugScanDetail> {
  const row = await findScan(db, userId, scanId);
  if (!row) throw new NotFoundError('Verificação não encontrada.');
  return { ...presentSummary(row), results: row.results };
}
