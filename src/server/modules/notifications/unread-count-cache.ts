import type { Change, ChangeFeed } from '../../lib/change-feed';
import { FillCache } from '../../lib/fill-cache';

/**
 * The bell's unread count per member, on one app instance, kept right by the change feed: the triggers of
 * migration 0005 send `unread:<user ids>` when a member's notification copies change (delivered, read, removed)
 * and a bare `unread` when a statement touches more than 150 members (a notification sent to or deleted for
 * everyone): then every count is dropped. A reset or `*` drops everything; while the feed is down, no cache.
 */
export class UnreadCountCache {
  private readonly counts = new FillCache<number>(20_000);

  constructor(private readonly feed: ChangeFeed) {
    feed.subscribe({ onChange: (c) => this.onChange(c), onReset: () => this.counts.clear() });
  }

  /** The member's count from memory, or `load()` (stored unless a change for the member raced it). */
  async get(userId: string, load: () => Promise<number>): Promise<number> {
    if (!this.feed.live) return load();
    const cached = this.counts.get(userId);
    if (cached !== undefined) return cached;
    const token = this.counts.token();
    const count = await load();
    this.counts.set(userId, count, token);
    return count;
  }

  private onChange({ topic, ids }: Change): void {
    if (topic === '*' || (topic === 'unread' && ids.length === 0)) this.counts.clear();
    else if (topic === 'unread') for (const id of ids) this.counts.delete(id);
  }
}
