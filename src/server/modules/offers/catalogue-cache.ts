import { type Change, type ChangeFeed, parseCounted } from '../../lib/change-feed';
import { FillCache } from '../../lib/fill-cache';
import { type CatalogueIndex, LIKES_COALESCE_MS } from './catalogue-index';
import type { SharedCard } from './offers.presenters';

export type { SharedCard } from './offers.presenters';

export interface CachedPage {
  cards: SharedCard[];
}

/** The offers one member liked and favourited (whole sets: a member has few). */
export interface MemberFlags {
  liked: Set<string>;
  favorites: Set<string>;
}

/** A member who just liked reads the likes-sorted pages from the database this long (sees their own like at once). */
const OWN_LIKE_BYPASS_MS = 2 * LIKES_COALESCE_MS;

/**
 * The shared catalogue of one app instance, kept right by the change feed (triggers of migrations 0003 and 0005):
 * - pages (ordered cards without the viewer's flags) and totals per filter, the same for every member: `offers`
 *   drops them (and the like counts of the offers it names, or all), `likes` drops the pages sorted by likes (coalesced);
 * - like counts per offer: `likes:<offer id>=<count>` sets those counts (a bare `likes` or `offers` drops all);
 * - each member's liked and favourited offer ids: `flags:<user ids>` drops those members (bare: all).
 * A reset or `*` drops everything; while the feed is down nothing is cached (callers bypass).
 */
export class CatalogueCache {
  readonly pages = new FillCache<CachedPage>(2_000);
  readonly likesPages = new FillCache<CachedPage>(500);
  readonly totals = new FillCache<number>(2_000);
  readonly likeCounts = new FillCache<number>(100_000);
  readonly memberFlags = new FillCache<MemberFlags>(20_000);
  private likesTimer: NodeJS.Timeout | null = null;
  private readonly recentLikers = new Map<string, number>();

  /**
   * `index`: every visible offer in memory (catalogue-index.ts), which answers pages and totals without a query;
   * the pages and totals below are then only used when the catalogue is too large to index.
   */
  constructor(
    private readonly feed: ChangeFeed,
    readonly index?: CatalogueIndex,
  ) {
    feed.subscribe({
      onChange: (c) => {
        this.index?.onChange(c);
        this.onChange(c);
      },
      onReset: () => {
        this.index?.onChange({ topic: '*', ids: [] });
        this.clear();
      },
    });
  }

  get live(): boolean {
    return this.feed.live;
  }

  /** After the member's own like: their likes-sorted pages come from the database until the pages are redone. */
  noteLiker(userId: string): void {
    this.index?.noteLiker(userId);
    this.recentLikers.set(userId, Date.now() + OWN_LIKE_BYPASS_MS);
  }

  isRecentLiker(userId: string): boolean {
    const until = this.recentLikers.get(userId);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.recentLikers.delete(userId);
    return false;
  }

  clear(): void {
    this.pages.clear();
    this.likesPages.clear();
    this.totals.clear();
    this.likeCounts.clear();
    this.memberFlags.clear();
  }

  private onChange({ topic, ids }: Change): void {
    if (topic === '*') this.clear();
    else if (topic === 'offers') {
      this.pages.clear();
      this.likesPages.clear();
      this.totals.clear();
      if (ids.length === 0) this.likeCounts.clear();
      for (const id of ids) this.likeCounts.delete(id);
    } else if (topic === 'likes') {
      if (ids.length === 0) this.likeCounts.clear();
      for (const item of ids) {
        const { id, count } = parseCounted(item);
        // The drop also moves the epoch: a fill that started before it (maybe before a like) is not stored.
        this.likeCounts.delete(id);
        // The payload carries the new count (migration 0008): no query to read it back.
        if (count !== undefined) this.likeCounts.set(id, count, this.likeCounts.token());
      }
      this.likesTimer ??= setTimeout(() => {
        this.likesTimer = null;
        this.likesPages.clear();
      }, LIKES_COALESCE_MS).unref();
    } else if (topic === 'flags') {
      if (ids.length === 0) this.memberFlags.clear();
      for (const id of ids) this.memberFlags.delete(id);
    }
  }
}
