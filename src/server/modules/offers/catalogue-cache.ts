import type { OfferCard } from '../../../shared/schemas/offers';
import type { Change, ChangeFeed } from '../../lib/change-feed';
import { FillCache } from '../../lib/fill-cache';

/** A card as every member sees it: the viewer's flags and the live like count are added per request. */
export type SharedCard = Omit<OfferCard, 'likedByMe' | 'favoritedByMe'>;

export interface CachedPage {
  cards: SharedCard[];
}

/**
 * Like toggles only reorder the pages sorted by likes: those are dropped at most this often (counts on every card
 * are read fresh, so only the order of a likes-sorted page may lag, by less than this).
 */
export const LIKES_COALESCE_MS = 250;
/** A member who just liked reads the likes-sorted pages from the database this long (sees their own like at once). */
const OWN_LIKE_BYPASS_MS = 2 * LIKES_COALESCE_MS;

/**
 * The shared catalogue of one app instance: pages (ordered cards without the viewer's flags) and totals per
 * filter, the same for every member. Follows the change feed: `offers` drops everything, `likes` drops the pages
 * sorted by likes (coalesced), a reset or `*` drops everything; while the feed is down nothing is cached.
 */
export class CatalogueCache {
  readonly pages = new FillCache<CachedPage>(2_000);
  readonly likesPages = new FillCache<CachedPage>(500);
  readonly totals = new FillCache<number>(2_000);
  private likesTimer: NodeJS.Timeout | null = null;
  private readonly recentLikers = new Map<string, number>();

  constructor(private readonly feed: ChangeFeed) {
    feed.subscribe({ onChange: (c) => this.onChange(c), onReset: () => this.clear() });
  }

  get live(): boolean {
    return this.feed.live;
  }

  /** After the member's own like: their likes-sorted pages come from the database until the pages are redone. */
  noteLiker(userId: string): void {
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
  }

  private onChange({ topic }: Change): void {
    if (topic === 'offers' || topic === '*') this.clear();
    else if (topic === 'likes') {
      // The drop also moves the epoch: a fill that started before it (maybe before a like) is not stored.
      this.likesTimer ??= setTimeout(() => {
        this.likesTimer = null;
        this.likesPages.clear();
      }, LIKES_COALESCE_MS).unref();
    }
  }
}
