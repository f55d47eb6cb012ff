import type { SlugCheckTarget } from '../../../shared/schemas/slug-checker';
import { AppError } from '../../lib/errors';
import { OutboundError } from '../../lib/outbound/outbound-error';
import { firstSchemeReached, NoSchemeReachedError, schemesToTry } from '../../lib/outbound/scheme-fallback';
import { failureCode, type ScanClient, type ScanResponse } from './scan-client';

/** A domain that cannot be scanned at all: checked before the debit, so it costs nothing. */
export class UnreachableTargetError extends AppError {
  constructor(message: string) {
    super(422, message);
  }
}

const NOT_CHARGED = 'Nada foi cobrado.';

/** Same-site redirects of the home page followed to find the origin to scan (http -> https -> www. is 2). */
export const MAX_ORIGIN_HOPS = 3;

const bareHost = (hostname: string) => hostname.toLowerCase().replace(/^www\./, '');

/**
 * The origin the home page's redirect moves the scan to, or undefined to stay. Only the same site counts: the
 * same host or its `www.`/bare variant, on http or https, on the same port (the default one of each scheme, or
 * the same explicit port). Another site, credentials in the URL, or the same origin with another path: stay.
 */
export function canonicalOrigin(
  from: URL,
  answer: Pick<ScanResponse, 'status' | 'location'>,
): URL | undefined {
  if (answer.status < 300 || answer.status >= 400 || !answer.location) return undefined;
  let to: URL;
  try {
    to = new URL(answer.location, from);
  } catch {
    return undefined;
  }
  if (to.protocol !== 'http:' && to.protocol !== 'https:') return undefined;
  if (to.username || to.password || to.origin === from.origin) return undefined;
  if (bareHost(to.hostname) !== bareHost(from.hostname) || to.port !== from.port) return undefined;
  return new URL(`${to.origin}/`);
}

const getHome = (client: ScanClient, origin: URL, options: { timeoutMs: number; signal?: AbortSignal }) =>
  client.get(origin, { timeoutMs: options.timeoutMs, maxBytes: 1024, signal: options.signal });

/**
 * The origin to scan: the scheme the member typed, or https and then http when https cannot connect. The site
 * must answer its home page (any status) through the guarded client. An address refused by the policy fails
 * at once with the policy's message (400); DNS failures, refused connections and timeouts on every scheme fail
 * with a clear message (422). Nothing is charged in either case: this runs before the debit.
 * When the home page redirects to the same site on another scheme or host variant (http://x -> https://x,
 * x -> www.x), the scan moves there, or every slug would be that redirect; if the new origin does not answer,
 * the scan stays on the one that did.
 */
export async function resolveScanOrigin(
  client: ScanClient,
  target: SlugCheckTarget,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<URL> {
  const schemes = schemesToTry(target.scheme);
  try {
    return await firstSchemeReached(schemes, async (scheme) => {
      const origin = new URL(`${scheme}://${target.host}/`);
      const home = await getHome(client, origin, options);
      return followSameSiteRedirects(client, origin, home, options);
    });
  } catch (err) {
    if (err instanceof OutboundError) throw new AppError(400, `${err.message} ${NOT_CHARGED}`);
    if (!(err instanceof NoSchemeReachedError)) throw err;
    throw unreachable(target.host, err);
  }
}

function unreachable(host: string, { schemes, failures }: NoSchemeReachedError): UnreachableTargetError {
  const codes = failures.map(failureCode);
  const tried = schemes.join(' e ');
  if (codes.some((c) => c === 'ENOTFOUND' || c === 'EAI_AGAIN')) {
    return new UnreachableTargetError(
      `Domínio não encontrado: ${host} não existe no DNS. Verifique o endereço. ${NOT_CHARGED}`,
    );
  }
  if (failures.every((f) => f.reason === 'timeout')) {
    return new UnreachableTargetError(
      `O site ${host} não respondeu a tempo (${tried}). Tente novamente mais tarde. ${NOT_CHARGED}`,
    );
  }
  return new UnreachableTargetError(
    `Não foi possível conectar a ${host} (${tried}): conexão recusada ou interrompida. ${NOT_CHARGED}`,
  );
}

async function followSameSiteRedirects(
  client: ScanClient,
  origin: URL,
  home: ScanResponse,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<URL> {
  let current = origin;
  let answer = home;
  const seen = new Set([origin.origin]);
  for (let hop = 0; hop < MAX_ORIGIN_HOPS; hop++) {
    const next = canonicalOrigin(current, answer);
    if (!next || seen.has(next.origin)) break;
    seen.add(next.origin);
    try {
      answer = await getHome(client, next, options);
      current = next;
    } catch (err) {
      // The member went away: stop. Anything else (refused, blocked, timed out): scan the origin that answered.
      if (err instanceof OutboundError && err.reason === 'aborted') throw err;
      if (!(err instanceof OutboundError)) throw err;
      break;
    }
  }
  return current;
}
