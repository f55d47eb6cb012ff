/**
 * The longest anything stays in a cache of this process when no notification says it changed: a last safety net
 * under the change feed (a notification lost while the connection still looked alive).
 */
export const CACHE_SAFETY_TTL_MS = 5 * 60_000;

/**
 * A bounded in-process cache (least recently used out first, a TTL: CACHE_SAFETY_TTL_MS unless shorter) that is safe against the classic fill
 * race: a fill started before an invalidation must not store what it read. Callers take `token()` before they
 * query and `set(key, value, token)` (or `setMany`) afterwards; a `delete` of that key, or an `invalidate`/`clear`,
 * in between makes the set a no-op. A `delete` only spoils fills of its own key: under a steady stream of writes
 * to other keys (likes, favourites) fills still land.
 */
export class FillCache<V> {
  private readonly map = new Map<string, { value: V; expires: number }>();
  /** Counts every invalidation; a token is its value when the fill started. */
  private epoch = 0;
  /** Fills that started before this epoch store nothing (invalidate, clear). */
  private everythingSince = 0;
  /** key -> the epoch of its last delete (bounded: past the bound it becomes an invalidation of everything). */
  private readonly dropped = new Map<string, number>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs = CACHE_SAFETY_TTL_MS,
  ) {}

  get size(): number {
    return this.map.size;
  }

  token(): number {
    return this.epoch;
  }

  get(key: string): V | undefined {
    const entry = this.map.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.map.delete(key);
      return undefined;
    }
    // Least recently used out first: a hit moves the key to the end of the Map's order.
    this.map.delete(key);
    this.map.set(key, entry);
    return entry.value;
  }

  /** Stores the value unless this key (or everything) was invalidated since `token` was taken; true when stored. */
  set(key: string, value: V, token: number): boolean {
    if (!this.fresh(key, token)) return false;
    this.map.delete(key);
    this.map.set(key, { value, expires: Date.now() + this.ttlMs });
    if (this.map.size > this.maxEntries) this.map.delete(this.map.keys().next().value as string);
    return true;
  }

  /** `set` for many keys read by one query at `token` (each key is checked on its own). */
  setMany(entries: Iterable<[string, V]>, token: number): void {
    for (const [key, value] of entries) this.set(key, value, token);
  }

  /** No fill in flight may store what it read (the data changed somewhere the keys do not say). */
  invalidate(): void {
    this.epoch++;
    this.everythingSince = this.epoch;
    this.dropped.clear();
  }

  delete(key: string): void {
    this.epoch++;
    this.map.delete(key);
    this.dropped.delete(key);
    this.dropped.set(key, this.epoch);
    // The oldest deletes first: once forgotten, only a full invalidation keeps their fills out.
    if (this.dropped.size > Math.max(1_000, this.maxEntries)) this.invalidate();
  }

  clear(): void {
    this.invalidate();
    this.map.clear();
  }

  keys(): IterableIterator<string> {
    return this.map.keys();
  }

  /** Fills in flight per key, with the epoch they started at (what `fill` lets later callers join). */
  private readonly loading = new Map<string, { token: number; promise: Promise<V> }>();

  /**
   * The cached value, or `load`'s, stored unless invalidated meanwhile. Concurrent misses of one key share one load
   * while nothing was invalidated since it started (a caller after any invalidation starts its own, so nobody gets
   * a value read before a change it may have made): an expensive page asked by 20 members at once is one query.
   */
  async fill(key: string, load: () => Promise<V>): Promise<V> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const token = this.epoch;
    const inFlight = this.loading.get(key);
    if (inFlight && inFlight.token === token) return inFlight.promise;
    const promise = load().then((value) => {
      this.set(key, value, token);
      return value;
    });
    const entry = { token, promise };
    this.loading.set(key, entry);
    const forget = () => {
      if (this.loading.get(key) === entry) this.loading.delete(key);
    };
    promise.then(forget, forget);
    return promise;
  }

  private fresh(key: string, token: number): boolean {
    if (token < this.everythingSince) return false;
    const droppedAt = this.dropped.get(key);
    return droppedAt === undefined || droppedAt <= token;
  }
}
