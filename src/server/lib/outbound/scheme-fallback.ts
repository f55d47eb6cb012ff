import { OutboundError } from './outbound-error';

export type WebScheme = 'https' | 'http';

/** The schemes to try for an address: the one the member typed, or https and then http when none was typed. */
export const schemesToTry = (typed?: WebScheme): WebScheme[] => (typed ? [typed] : ['https', 'http']);

/** No scheme tried could reach the site: what each attempt met, in the order tried. */
export class NoSchemeReachedError extends Error {
  constructor(
    readonly schemes: WebScheme[],
    readonly failures: OutboundError[],
  ) {
    super(`Nenhum esquema alcançou o site (${schemes.join(', ')}).`);
  }
}

/** The guarded client's refusals and the caller's abort: the same on every scheme, so no other is tried. */
const isFinal = (err: OutboundError) =>
  err.reason === 'blocked-address' || err.reason === 'invalid-url' || err.reason === 'aborted';

/**
 * Runs `attempt` on each scheme in turn and returns the first answer: a site typed without http(s):// is tried on
 * https, and on http when https cannot be reached (DNS, refused or reset connection, TLS failure, time-out: any
 * OutboundError other than the policy's refusals). Those refusals, the caller's abort and any other error are
 * thrown as they are; when every scheme failed to connect, NoSchemeReachedError carries the failures. The slug
 * checker (the domain's origin) and the cloner (the page's robots.txt) share this rule.
 */
export async function firstSchemeReached<T>(
  schemes: readonly WebScheme[],
  attempt: (scheme: WebScheme) => Promise<T>,
): Promise<T> {
  const failures: OutboundError[] = [];
  for (const scheme of schemes) {
    try {
      return await attempt(scheme);
    } catch (err) {
      if (!(err instanceof OutboundError) || isFinal(err)) throw err;
      failures.push(err);
    }
  }
  throw new NoSchemeReachedError([...schemes], failures);
}
