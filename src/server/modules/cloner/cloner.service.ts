import { randomUUID } from 'node:crypto';
import type { lookup as dnsLookup } from 'node:dns';
import robotsParser from 'robots-parser';
import {
  type CloneWebsiteInput,
  type CloneWebsiteResponse,
  cloneFileName,
  parseCloneUrl,
} from '../../../shared/schemas/cloner';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { type JobRegistry, RestartingError } from '../../lib/jobs';
import { tryMemberLock } from '../../lib/member-lock';
import { checkTargetUrl, createGuardedClient, type GuardedClient } from '../../lib/outbound/guarded-fetch';
import { OutboundError } from '../../lib/outbound/outbound-error';
import { firstSchemeReached, NoSchemeReachedError, schemesToTry } from '../../lib/outbound/scheme-fallback';
import type { Storage } from '../../lib/storage/storage';
import type { AppWorkers } from '../../worker-tasks';
import type { BrowserHolder } from './browser';
import { CLONE_KEPT_MS, CLONE_LIMITS, type CloneLimits } from './cloner.limits';
import { findOwnedClone, insertClone, takeExpiredClones } from './cloner.repo';
import { buildArchiveOffThread, fileUrlsOffThread } from './cloner.tasks';
import { renderPass } from './render-pass';
import { type Captured, isFailure, type LimitReason, mimeOf, ResourceCollector } from './resource-collector';
import { staticPass } from './static-pass';

export interface ClonerDeps {
  db: Db;
  config: Pick<AppConfig, 'ALLOW_PRIVATE_NETWORK_TARGETS' | 'JOB_LEASE_SECONDS'>;
  storage: Storage;
  browsers: BrowserHolder;
  /** The app's worker threads: the parses and the ZIP run there, never on the event loop. */
  workers: AppWorkers;
  /** This instance's long jobs (app.jobs): refuses clones while it shuts down, interrupts them at its end. */
  jobs: JobRegistry;
  limits?: CloneLimits;
  /** Tests: a resolver for host names (every address it returns still goes through the address policy). */
  lookup?: typeof dnsLookup;
  log?: { warn(obj: object, msg: string): void };
}

/** The robots.txt product token the cloner obeys (and the user agent's first word). */
export const CLONER_AGENT = 'ClubeEscala';
const USER_AGENT = `${CLONER_AGENT}/1.0 (clonador; +https://clubeescala.com.br)`;

export const CLONE_IN_PROGRESS =
  'Você já tem uma clonagem em andamento. Aguarde ela terminar antes de começar outra.';
/**
 * The causes the 'Erro ao Clonar Site' panel lists (robots.txt, connection or time-out, login, inaccessible URL),
 * each worded for what happened.
 */
export const CLONE_ERRORS = {
  robots: 'O site tem proteções contra clonagem no robots.txt: esta página não pode ser clonada.',
  connection: 'Erro de conectividade ou tempo esgotado: o site não respondeu.',
  connectionBothSchemes:
    'Erro de conectividade ou tempo esgotado: o site não respondeu nem em https:// nem em http://.',
  timeout: 'Tempo esgotado: a clonagem passou do limite de 60 segundos.',
  login: 'O site requer login para mostrar esta página.',
  restarting: 'Servidor reiniciando: a clonagem foi interrompida. Tente de novo em instantes.',
  inaccessible: (status: number) =>
    `A URL está inacessível ou é inválida: o site respondeu com o código ${status}.`,
  notHtml: 'A URL está inacessível ou é inválida: o endereço não é uma página HTML.',
  tooLarge: 'A URL está inacessível ou é inválida: a página é grande demais.',
  limit: (reason: LimitReason, limits: CloneLimits) =>
    reason === 'files'
      ? `O site tem arquivos demais para um clone (limite de ${limits.maxFiles}).`
      : `O site passa do limite de ${Math.round(limits.maxTotalBytes / 1024 / 1024)} MB por clone.`,
} as const;

class CloneFailure extends Error {}
const fail = (message: string): never => {
  throw new CloneFailure(message);
};

/** A path that says "sign in" (the page redirected there, or it is the address asked). */
const LOGIN_PATH =
  /(^|\/)(login|log-in|signin|sign-in|entrar|acessar|auth|wp-login\.php|minha-conta\/login)(\/|\.|$)/i;

/**
 * POST /api/clone-website: one clone at a time per member; robots.txt, the page, two rendered sizes, the parse
 * pass, the archive; the ZIP stored privately for 24 h. The target's failures answer `success: false` with the
 * spec's cause; a refused URL (private address, bad scheme) is a 400.
 */
export async function cloneWebsite(
  deps: ClonerDeps,
  userId: string,
  input: CloneWebsiteInput,
  callerSignal?: AbortSignal,
): Promise<CloneWebsiteResponse> {
  const parsed = parseCloneUrl(input.url);
  if ('error' in parsed) throw new ValidationError(parsed.error);
  const allowPrivateNetwork = deps.config.ALLOW_PRIVATE_NETWORK_TARGETS;
  const asked = checkTargetUrl(parsed.url, allowPrivateNetwork); // OutboundError (400) for refused literals
  const limits = deps.limits ?? CLONE_LIMITS;

  // An instance shutting down refuses (503, Retry-After); a running clone gets to finish (its own 60 s limit).
  const job = deps.jobs.begin('site_clone');
  let lock: Awaited<ReturnType<typeof tryMemberLock>>;
  try {
    lock = await tryMemberLock(deps, 'site_clone', userId);
  } catch (err) {
    job.end();
    throw err;
  }
  if (!lock) {
    job.end();
    throw new ConflictError(CLONE_IN_PROGRESS);
  }
  void sweepExpiredClones(deps).catch(() => {});
  const stopper = new AbortController();
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  const signal = AbortSignal.any([
    stopper.signal,
    deadline,
    job.signal,
    ...(callerSignal ? [callerSignal] : []),
  ]);
  const client = createGuardedClient({
    allowPrivateNetwork,
    lookup: deps.lookup,
    connectionsPerOrigin: 6,
    userAgent: USER_AGENT,
  });
  const collector = new ResourceCollector(client, limits, signal, () => stopper.abort());
  try {
    // Without a typed scheme: https, then http when https cannot be reached (robots.txt is the first contact).
    const target = await firstSchemeReached(
      schemesToTry(parsed.schemeTyped ? (asked.protocol === 'http:' ? 'http' : 'https') : undefined),
      async (scheme) => {
        const url = withScheme(asked, scheme);
        await checkRobots(client, url, limits, signal);
        return url;
      },
    );
    const page = await fetchPage(collector, target);
    if (page.url !== target.href) await checkRobotsReached(client, new URL(page.url), limits, signal);

    const browser = await deps.browsers.acquire();
    try {
      await renderPass(browser, page.url, collector, limits, signal);
    } catch (err) {
      // The parse pass still archives the page when a render fails (a page that never finishes loading).
      if (!signal.aborted) deps.log?.warn({ err }, 'clonador: a renderização falhou');
    } finally {
      deps.browsers.release();
    }
    if (!signal.aborted)
      await staticPass(collector, limits.concurrency, signal, (files) =>
        fileUrlsOffThread(deps.workers, files, signal),
      );
    if (collector.limitReached) fail(CLONE_ERRORS.limit(collector.limitReached, limits));
    if (job.signal.aborted) throw new RestartingError(CLONE_ERRORS.restarting);
    if (deadline.aborted) fail(CLONE_ERRORS.timeout);
    if (callerSignal?.aborted) throw new OutboundError('aborted');

    // The collector's bodies are handed to the thread (no copy): nothing reads them after this.
    const archive = await buildArchiveOffThread(
      deps.workers,
      { page, results: await collector.all(), scripts: collector.scripts },
      signal,
    );
    const id = randomUUID();
    const storageKey = `clones/${id}.zip`;
    const now = new Date();
    const fileName = cloneFileName(target, now);
    const zip = Buffer.from(archive.zip.buffer, archive.zip.byteOffset, archive.zip.byteLength); // a view, not a copy
    await deps.storage.putPrivate(storageKey, zip, 'application/zip');
    await insertClone(deps.db, {
      id,
      userId,
      url: page.url,
      storageKey,
      fileName,
      sizeBytes: archive.zip.byteLength,
      fileCount: archive.files.length,
      expiresAt: new Date(now.getTime() + CLONE_KEPT_MS),
    });
    return {
      success: true,
      downloadUrl: `/api/clones/${id}/download`,
      error: '',
      fileName,
      fileCount: archive.files.length,
    };
  } catch (err) {
    if (job.signal.aborted) throw new RestartingError(CLONE_ERRORS.restarting);
    if (err instanceof CloneFailure) return { success: false, downloadUrl: '', error: err.message };
    if (err instanceof NoSchemeReachedError && !deadline.aborted) {
      const error = err.schemes.length > 1 ? CLONE_ERRORS.connectionBothSchemes : CLONE_ERRORS.connection;
      return { success: false, downloadUrl: '', error };
    }
    if (deadline.aborted) return { success: false, downloadUrl: '', error: CLONE_ERRORS.timeout };
    if (callerSignal?.aborted) throw new OutboundError('aborted');
    throw err;
  } finally {
    stopper.abort();
    await client.close().catch(() => {});
    await lock.release();
    job.end();
  }
}

const withScheme = (url: URL, scheme: 'http' | 'https') =>
  new URL(`${scheme}:${url.href.slice(url.protocol.length)}`);

/**
 * robots.txt of the URL's origin: a rule that disallows the page for the cloner (or for everyone) refuses it. A
 * robots.txt that does not exist or does not answer as text allows everything; a site that cannot be reached
 * (network failure, time-out) throws its OutboundError, for the scheme fallback to try the next scheme.
 */
async function checkRobots(client: GuardedClient, url: URL, limits: CloneLimits, signal: AbortSignal) {
  const robotsUrl = new URL('/robots.txt', url.origin).href;
  let text: string;
  try {
    const res = await client.request(robotsUrl, {
      timeoutMs: Math.min(limits.requestTimeoutMs, 10_000),
      maxBytes: 512 * 1024,
      signal,
    });
    text = await res.text();
    if (res.status < 200 || res.status >= 300) return;
  } catch (err) {
    if (
      err instanceof OutboundError &&
      (err.reason === 'blocked-address' ||
        err.reason === 'invalid-url' ||
        err.reason === 'timeout' ||
        err.reason === 'network' ||
        err.reason === 'aborted')
    )
      throw err;
    return;
  }
  if (robotsParser(robotsUrl, text).isDisallowed(url.href, CLONER_AGENT)) fail(CLONE_ERRORS.robots);
}

/** checkRobots for the origin a redirect led to (the scheme is the site's choice): unreachable is a failure. */
async function checkRobotsReached(client: GuardedClient, url: URL, limits: CloneLimits, signal: AbortSignal) {
  try {
    await checkRobots(client, url, limits, signal);
  } catch (err) {
    if (err instanceof OutboundError && (err.reason === 'timeout' || err.reason === 'network'))
      fail(CLONE_ERRORS.connection);
    throw err;
  }
}

/** The page through its redirects: an HTML answer, or the cause of the failure. */
async function fetchPage(collector: ResourceCollector, target: URL): Promise<Captured> {
  const result = await collector.resolve(target.href);
  if (isFailure(result)) {
    if (result.failure === 'blocked-address' || result.failure === 'invalid-url')
      throw new OutboundError(result.failure);
    if (result.failure === 'too-large') fail(CLONE_ERRORS.tooLarge);
    return fail(CLONE_ERRORS.connection);
  }
  const path = new URL(result.url).pathname;
  if (result.status === 401 || result.status === 407) fail(CLONE_ERRORS.login);
  if ((result.chain?.length ?? 0) > 0 && LOGIN_PATH.test(path)) fail(CLONE_ERRORS.login);
  if (result.status >= 300) fail(CLONE_ERRORS.inaccessible(result.status));
  const mime = mimeOf(result);
  if (mime !== 'text/html' && mime !== 'application/xhtml+xml') fail(CLONE_ERRORS.notHtml);
  return result;
}

/** Removes clones past their 24 h (rows first, then their files), a batch at a time. */
export async function sweepExpiredClones(deps: Pick<ClonerDeps, 'db' | 'storage'>): Promise<number> {
  let removed = 0;
  for (;;) {
    const keys = await takeExpiredClones(deps.db, 50);
    for (const key of keys) await deps.storage.removePrivate(key).catch(() => {});
    removed += keys.length;
    if (keys.length < 50) return removed;
  }
}

export const CLONE_NOT_FOUND =
  'Arquivo não encontrado: o clone expirou (fica disponível por 24 horas) ou não é seu.';

/** The ZIP of a clone, for the member who made it only; 404 when it expired or is someone else's. */
export async function getOwnedCloneZip(
  deps: Pick<ClonerDeps, 'db' | 'storage'>,
  userId: string,
  id: string,
): Promise<{ fileName: string; zip: Buffer }> {
  const clone = await findOwnedClone(deps.db, userId, id);
  const zip = clone ? await deps.storage.readPrivate(clone.storageKey) : null;
  if (!clone || !zip) throw new NotFoundError(CLONE_NOT_FOUND);
  return { fileName: clone.fileName, zip };
}
