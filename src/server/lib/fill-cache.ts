/**
 * A bounded in-process cache (least recently used out first, optional TTL) that is safe against the classic fill
 * race: a fill started before an invalidation must not store what it read. Callers take `token()` before they
 * query and `set(key, value, token)` afterwards; any `delete`/`clear` in between makes the set a no-op.
 */
export class FillCache<V> {
  private readonly map = new Map<string, { value: V; expires: number }>();
  private epoch = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs = Number.POSITIVE_INFINITY,
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

  /** Stores the value unless an invalidation happened since `token` was taken; true when stored. */
  set(key: string, value: V, token: number): boolean {
    if (token !== this.epoch) return false;
    this.map.delete(key);
    this.map.set(key, { value, expires: Date.now() + this.ttlMs });
    if (this.map.size > this.maxEntries) this.map.delete(this.map.keys().next().value as string);
    return true;
  }

  /** No fill in flight may store what it read (the data changed somewhere the keys do not say). */
  invalidate(): void {
    this.epoch++;
  }

  delete(key: string): void {
    this.epoch++;
    this.map.delete(key);
  }

  clear(): void {
    this.epoch++;
    this.map.clear();
  }

  keys(): IterableIterator<string> {
    return this.map.keys();
  }
}
