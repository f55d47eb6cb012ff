import { describe, expect, it } from 'vitest';
import { OutboundError } from './outbound-error';
import { firstSchemeReached, NoSchemeReachedError, schemesToTry, type WebScheme } from './scheme-fallback';

describe('firstSchemeReached', () => {
  it('tries https, then http, when no scheme was typed; a typed scheme alone', () => {
    expect(schemesToTry()).toEqual(['https', 'http']);
    expect(schemesToTry('http')).toEqual(['http']);
    expect(schemesToTry('https')).toEqual(['https']);
  });

  it('moves to the next scheme only when the site cannot be reached', async () => {
    const tried: WebScheme[] = [];
    const answer = await firstSchemeReached(schemesToTry(), async (scheme) => {
      tried.push(scheme);
      if (scheme === 'https') throw new OutboundError('network');
      return `${scheme}://site.com/`;
    });
    expect(answer).toBe('http://site.com/');
    expect(tried).toEqual(['https', 'http']);

    const first = await firstSchemeReached(schemesToTry(), async (scheme) => scheme);
    expect(first).toBe('https');
  });

  it('stops at once on the address policy, the caller going away, or any other error', async () => {
    for (const reason of ['blocked-address', 'invalid-url', 'aborted'] as const) {
      const tried: WebScheme[] = [];
      const failed = firstSchemeReached(schemesToTry(), async (scheme) => {
        tried.push(scheme);
        throw new OutboundError(reason);
      });
      await expect(failed).rejects.toMatchObject({ reason });
      expect(tried, reason).toEqual(['https']);
    }
    const bug = new TypeError('x');
    await expect(
      firstSchemeReached(schemesToTry(), async () => {
        throw bug;
      }),
    ).rejects.toBe(bug);
  });

  it('reports every failure when no scheme reached the site', async () => {
    const err = await firstSchemeReached(schemesToTry(), async (scheme) => {
      throw new OutboundError(scheme === 'https' ? 'network' : 'timeout');
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NoSchemeReachedError);
    const { schemes, failures } = err as NoSchemeReachedError;
    expect(schemes).toEqual(['https', 'http']);
    expect(failures.map((f) => f.reason)).toEqual(['network', 'timeout']);
  });
});
