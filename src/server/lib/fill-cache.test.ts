import { describe, expect, it } from 'vitest';
import { FillCache } from './fill-cache';

/** A load the test finishes by hand, counting how many started. */
function loads() {
  const started: ((value: string) => void)[] = [];
  const load = () => new Promise<string>((resolve) => started.push(resolve));
  return { started, load };
}

describe('FillCache.fill', () => {
  it('shares one load between concurrent misses of a key, then answers from the cache', async () => {
    const cache = new FillCache<string>(10);
    const { started, load } = loads();
    const a = cache.fill('k', load);
    const b = cache.fill('k', load);
    expect(started).toHaveLength(1);
    started[0]!('v1');
    expect(await Promise.all([a, b])).toEqual(['v1', 'v1']);
    expect(await cache.fill('k', load)).toBe('v1');
    expect(started).toHaveLength(1);
  });

  it('after an invalidation a caller starts its own load, and the older one is not stored', async () => {
    const cache = new FillCache<string>(10);
    const { started, load } = loads();
    const before = cache.fill('k', load);
    cache.delete('k');
    const after = cache.fill('k', load);
    expect(started).toHaveLength(2);
    started[0]!('old');
    expect(await before).toBe('old');
    expect(cache.get('k')).toBeUndefined();
    started[1]!('new');
    expect(await after).toBe('new');
    expect(cache.get('k')).toBe('new');
  });

  it('a failed load is not kept: the next caller loads again', async () => {
    const cache = new FillCache<string>(10);
    await expect(cache.fill('k', () => Promise.reject(new Error('falhou')))).rejects.toThrow('falhou');
    expect(await cache.fill('k', async () => 'ok')).toBe('ok');
  });
});
