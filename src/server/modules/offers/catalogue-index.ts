import { saoPauloDay } from '../../../shared/sao-paulo-day';
import type { OfferListQuery } from '../../../shared/schemas/offers';
import type { DbOrTx } from '../../db/client';
import { type Change, parseCounted } from '../../lib/change-feed';
import { CACHE_SAFETY_TTL_MS } from '../../lib/fill-cache';
import { type CatalogueIndexStatements, catalogueIndexStatements } from './catalogue-index.repo';
import type { SharedCard } from './offers.presenters';
import type { OfferHistoryRow } from './offers.repo';

/**
 * Like toggles only reorder the pages sorted by likes: those are dropped at most this often (the count on every
 * card is exact, so only the order of a likes-sorted page may lag, by less than this).
 */
export const LIKES_COALESCE_MS = 250;

type Sort = NonNullable<OfferListQuery['sort']>;
type TicketRange = NonNullable<OfferListQuery['ticket']>;

/** The filters and page of a catalogue query (the shape listCatalogue receives). */
export interface IndexQuery {
  sort: Sort;
  page: number;
  pageSize: number;
  status?: string;
  niche?: string;
  format?: string;
  language?: string;
  ticket?: TicketRange;
  momentum?: string;
  search?: string;
}

/**
 * Ticket ranges in cents: above the first bound (exclusive), up to the second (inclusive). The one definition of
 * the ranges: the SQL of catalogue.repo.ts and the index's filter are both made from it.
 */
export const TICKET_CENTS: Record<TicketRange, [above: number | null, upTo: number | null]> = {
  'ate-50': [null, 5000],
  '50-100': [5000, 10000],
  '100-200': [10000, 20000],
  '200-500': [20000, 50000],
  'acima-500': [50000, null],
};

interface Entry {
  /** Position in the index's base array (the search memo is a byte per position). */
  pos: number;
  id: string;
  card: SharedCard;
  /** created_at in microseconds since the epoch (PostgreSQL's precision: ties in milliseconds stay ordered). */
  createdUs: number;
  likeCount: number;
  roas: number;
  ads: number;
  ticketCents: number;
  status: string;
  niche: string;
  format: string;
  language: string;
  /** The momentum and 7-day growth in ads (null for 'novo') on the snapshot's day, as on the card. */
  momentum: string;
  growth: number | null;
  /** advertiser, product title and ad text, lower case (the columns the search looks in, case-insensitively). */
  haystack: [string, string, string];
}

/** Newest first, then id descending: the SQL order `created_at desc, id desc` of every sort's tie-break. */
const newestFirst = (a: Entry, b: Entry) =>
  b.createdUs - a.createdUs || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
const COMPARE: Record<Exclude<Sort, 'oldest'>, (a: Entry, b: Entry) => number> = {
  recent: newestFirst,
  likes: (a, b) => b.likeCount - a.likeCount || newestFirst(a, b),
  roas: (a, b) => b.roas - a.roas || newestFirst(a, b),
  ads: (a, b) => b.ads - a.ads || newestFirst(a, b),
  // The SQL's `growth desc nulls last`: 'Novo' offers (no growth) after every other.
  growth: (a, b) =>
    (a.growth === null ? (b.growth === null ? 0 : 1) : b.growth === null ? -1 : b.growth - a.growth) ||
    newestFirst(a, b),
};

const SEARCH_MEMO = 256;
/** Offers named by the feed and not yet applied, past which the snapshot is rebuilt instead. */
const MOVE_AT_MOST = 500;
const ORDERS = ['recent', 'likes', 'roas', 'ads', 'growth'] as const;
/** Filtered lists kept per snapshot (each at most one pointer per offer). */
const LISTS_KEPT = 2_000;
/** More stale like counts than this are reread all at once and the list sorted again. */
const RESORT_ABOVE = 300;

interface Snapshot {
  /** The São Paulo day the momentum of the entries is computed for: a new day rebuilds the snapshot. */
  day: string;
  /** When its rows were read (the index's clock): past CACHE_SAFETY_TTL_MS it is rebuilt. */
  readAt: number;
  entries: Entry[];
  byId: Map<string, Entry>;
  orders: Record<Sort, Entry[]>;
  /** Which entries each recent search matches (one byte per entry). */
  searches: Map<string, Uint8Array>;
  /**
   * Per sort order (oldest reads the newest-first lists backwards), the offers of each filter value in that
   * order (`n:<niche>`, `s:<status>`, `f:<format>`, `l:<language>`, `t:<ticket range>`, `m:<momentum>`): a
   * filtered page scans
   * the shortest list of its filters, not the whole catalogue.
   */
  postings: Record<Exclude<Sort, 'oldest'>, Map<string, Entry[]>>;
  /** The matching offers per sort and filter set (likes-sorted ones apart: a reorder drops them). */
  lists: Map<string, Entry[]>;
  likesLists: Map<string, Entry[]>;
  /** Entries replaced or removed since the build (still in `entries`, in no order or list). */
  removed: number;
}

/**
 * Every visible offer of the catalogue in this instance's memory, in the order of each sort, so any page with any
 * filters, search and sort (and its total) is answered without a query: with thousands of filter combinations
 * most pages are asked for the first time, and each was a page query plus a count over every offer in the
 * database, holding pool connections the likes and favourites waited for (issue #12, docs/performance.md).
 *
 * Kept right by the change feed (CatalogueCache passes every change on): `offers:<ids>` (offers created, edited,
 * hidden or deleted; migration 0016) are re-read with one small query at the next read and moved in place (out of
 * every order and filter list, back in at their new places); a bare `offers` (a bulk change) rebuilds the snapshot; `likes:<id>=<count>` (migration 0008) gives new counts that the
 * next likes-sorted read applies, moving those offers (at most every LIKES_COALESCE_MS, at once
 * for a member who just liked). A catalogue larger than `maxOffers` is not indexed (the caller queries PostgreSQL).
 *
 * The search is the SQL's: a case-insensitive substring of advertiser, title or ad text. Case folding is
 * JavaScript's (Unicode), which may differ from the database's locale for non-ASCII capitals (documented in
 * docs/decisions.md, "Índice do catálogo em memória"); ties of created_at in microseconds are ordered by id in
 * code-unit order.
 */
export class CatalogueIndex {
  private snapshot: Snapshot | null = null;
  /** Moves on every `offers` change; a snapshot built at an older generation is rebuilt. */
  private generation = 0;
  private builtAt = -1;
  private building: Promise<Snapshot | null> | null = null;
  /** The catalogue had more visible offers than maxOffers at this generation. */
  private tooLargeAt = -1;
  /** Offers whose like count changed to a value the feed did not say (read back at the next reorder). */
  private readonly staleLikes = new Set<string>();
  /** New like counts the feed announced, applied at the next reorder. */
  private readonly knownLikes = new Map<string, number>();
  private allLikesStale = false;
  /** Offers the feed named as changed, re-read and moved at the next read (whatever snapshot is current then). */
  private readonly changedOffers = new Set<string>();
  /** Full reads of the catalogue, and offers moved in place (tests and the bench). */
  readonly stats = { builds: 0, moved: 0 };
  private applying: Promise<void> | null = null;
  private reordering: Promise<void> | null = null;
  private lastReorder = 0;
  /** Counts the like changes the feed reported; `appliedSeq` is the last one a reorder took in. */
  private receivedSeq = 0;
  private appliedSeq = 0;
  /** Members who just liked, with the change count their like needs applied before they read likes-sorted pages. */
  private readonly likers = new Map<string, number>();
  private readonly statements: CatalogueIndexStatements;

  constructor(
    db: DbOrTx,
    private readonly maxOffers: number,
    private readonly toCard: (row: OfferHistoryRow, today: string) => SharedCard,
    /** The clock of the coalescing window and of the snapshot's age (tests stop and move it). */
    private readonly now: () => number = Date.now,
    /** Today in São Paulo: momentum is computed for this day, and a new day rebuilds the snapshot. */
    private readonly today: () => string = () => saoPauloDay(),
  ) {
    this.statements = catalogueIndexStatements(db);
  }

  /** Every change the feed reports (and resets, as `*`). */
  onChange({ topic, ids }: Change): void {
    if (topic === 'offers' && ids.length > 0 && this.changedOffers.size + ids.length <= MOVE_AT_MOST) {
      for (const id of ids) this.changedOffers.add(id);
    } else if (topic === '*' || topic === 'offers') {
      this.invalidate();
    } else if (topic === 'likes') {
      this.receivedSeq++;
      if (ids.length === 0) this.allLikesStale = true;
      for (const item of ids) {
        const { id, count } = parseCounted(item);
        if (count === undefined) this.staleLikes.add(id);
        else this.knownLikes.set(id, count);
      }
    }
  }

  /** The next read rebuilds the snapshot (everything pending is read again with it). */
  private invalidate(): void {
    this.generation++;
    this.changedOffers.clear();
    this.staleLikes.clear();
    this.knownLikes.clear();
    this.allLikesStale = false;
  }

  /**
   * The page's cards (without the viewer's flags) and the total, or null when the index cannot answer (the
   * catalogue is too large, or offers keep changing while it is rebuilt): the caller queries PostgreSQL.
   * `favorites`: the viewer's favourite ids, for the Favoritos tab. `viewerId`: a member who just liked (noteLiker)
   * sees a likes-sorted page with their like in it.
   */
  async query(
    q: IndexQuery,
    options: { favorites?: Set<string>; viewerId?: string } = {},
  ): Promise<{ cards: SharedCard[]; total: number } | null> {
    // Momentum is computed for a day: a snapshot of yesterday is rebuilt (once a day per instance). And as every
    // cache's last safety net (a change the feed never delivered), a snapshot older than CACHE_SAFETY_TTL_MS.
    if (
      this.snapshot &&
      this.builtAt === this.generation &&
      (this.snapshot.day !== this.today() || this.now() - this.snapshot.readAt >= CACHE_SAFETY_TTL_MS)
    ) {
      this.invalidate();
    }
    if (this.maxOffers <= 0 || this.tooLargeAt === this.generation) return null;
    const snapshot = await this.current();
    if (!snapshot) return null;
    if (q.sort === 'likes') await this.reorderLikes(snapshot, this.ownLikePending(options.viewerId));

    const from = (q.page - 1) * q.pageSize;
    if (q.sort === 'likes' && !options.favorites && (q.search || dimensionsOf(q).length > 1)) {
      // Likes move the likes order all the time, so its filtered lists would rarely be reused: the total comes from
      // the newest-first list of the same filters (kept; likes do not change it) and the page from a scan of the
      // likes order that stops at the page's end.
      const total = this.matching(snapshot, { ...q, sort: 'recent' }).length;
      return { cards: this.scanPage(snapshot, q, from).map((e) => e.card), total };
    }
    const list = this.matching(snapshot, q, options.favorites);
    return { cards: list.slice(from, from + q.pageSize).map((e) => e.card), total: list.length };
  }

  /** The page of a filtered query read off its sort order (shortest filter list), stopping at the page's end. */
  private scanPage(snapshot: Snapshot, q: IndexQuery, from: number): Entry[] {
    const filter = this.filter(snapshot, q);
    const candidates = candidatesOf(snapshot, q);
    const page: Entry[] = [];
    let n = 0;
    for (const e of candidates) {
      if (!filter(e)) continue;
      if (n++ >= from) page.push(e);
      if (page.length === q.pageSize) break;
    }
    return page;
  }

  /**
   * The offers matching the query's filters, in its sort's order: kept per filter set and sort (the next page, or
   * the next member asking the same, is a slice), except the Favoritos tab's, which is the viewer's own.
   */
  private matching(snapshot: Snapshot, q: IndexQuery, favorites?: Set<string>): Entry[] {
    const lists = q.sort === 'likes' ? snapshot.likesLists : snapshot.lists;
    const key = favorites ? null : `${q.sort}|${filterKey(q)}`;
    if (key !== null) {
      const cached = lists.get(key);
      if (cached) {
        // Most recently used last.
        lists.delete(key);
        lists.set(key, cached);
        return cached;
      }
    }
    const order = q.sort === 'oldest' ? 'recent' : q.sort;
    const dims = dimensionsOf(q);
    // No filter, or one filter value and no search: the order (or that value's list) is the answer as it is.
    if (q.sort !== 'oldest' && !favorites && !q.search && dims.length <= 1) {
      return dims.length === 0 ? snapshot.orders[order] : (snapshot.postings[order].get(dims[0]!) ?? []);
    }
    const filter = this.filter(snapshot, q, favorites);
    // The Favoritos tab starts from the member's few favourites, put in this order.
    let candidates = candidatesOf(snapshot, q);
    if (favorites && favorites.size < candidates.length) {
      candidates = [];
      for (const id of favorites) {
        const e = snapshot.byId.get(id);
        if (e) candidates.push(e);
      }
      candidates.sort(COMPARE[order]);
    }
    const list: Entry[] = [];
    if (q.sort !== 'oldest') {
      for (const e of candidates) if (filter(e)) list.push(e);
    } else {
      // Oldest first is the newest-first order read backwards (created_at asc, id asc).
      for (let i = candidates.length - 1; i >= 0; i--) if (filter(candidates[i]!)) list.push(candidates[i]!);
    }
    if (key !== null) {
      lists.set(key, list);
      if (lists.size > LISTS_KEPT) lists.delete(lists.keys().next().value!);
    }
    return list;
  }

  /** The snapshot of the current generation, built (once, shared by concurrent readers) when missing. */
  private async current(): Promise<Snapshot | null> {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (this.snapshot && this.builtAt === this.generation) {
        if (this.changedOffers.size === 0 && !this.applying) return this.snapshot;
        const snapshot = this.snapshot;
        this.applying ??= this.applyChangedOffers(snapshot).finally(() => {
          this.applying = null;
        });
        await this.applying;
        if (this.snapshot === snapshot && this.builtAt === this.generation && this.changedOffers.size === 0) {
          return snapshot;
        }
        continue;
      }
      this.building ??= this.build().finally(() => {
        this.building = null;
      });
      const built = await this.building;
      if (built === null) return null;
    }
    // Offers changed during three rebuilds in a row: this reader asks PostgreSQL.
    return this.snapshot && this.builtAt === this.generation ? this.snapshot : null;
  }

  private async build(): Promise<Snapshot | null> {
    const generation = this.generation;
    this.stats.builds++;
    const day = this.today();
    const readAt = this.now();
    const rows = await this.statements.all.execute({ limit: this.maxOffers + 1, today: day });
    if (rows.length > this.maxOffers) {
      this.tooLargeAt = generation;
      this.snapshot = null;
      return null;
    }
    const entries: Entry[] = rows.map((row, pos) => this.entryOf(row, pos, day));
    const orders = {
      recent: [...entries].sort(COMPARE.recent),
      likes: [...entries].sort(COMPARE.likes),
      roas: [...entries].sort(COMPARE.roas),
      ads: [...entries].sort(COMPARE.ads),
      growth: [...entries].sort(COMPARE.growth),
      oldest: [],
    };
    const snapshot: Snapshot = {
      day,
      readAt,
      entries,
      byId: new Map(entries.map((e) => [e.id, e])),
      orders,
      postings: {
        recent: postingsOf(orders.recent),
        likes: postingsOf(orders.likes),
        roas: postingsOf(orders.roas),
        ads: postingsOf(orders.ads),
        growth: postingsOf(orders.growth),
      },
      searches: new Map(),
      lists: new Map(),
      likesLists: new Map(),
      removed: 0,
    };
    // A change during the read: this snapshot may miss it; the next reader builds again.
    if (generation === this.generation) {
      this.snapshot = snapshot;
      this.builtAt = generation;
      this.lastReorder = this.now();
    }
    return snapshot;
  }

  /**
   * Re-reads the offers the feed named and moves them: out of every order and filter list, back in (when visible)
   * at their new places. The cached filtered lists and search matches are dropped (they are rebuilt from the orders
   * on demand). Ids named while the query runs stay for the next read; a rebuild meanwhile makes this moot.
   */
  private async applyChangedOffers(snapshot: Snapshot): Promise<void> {
    const ids = [...this.changedOffers];
    this.changedOffers.clear();
    // The rows read below carry their like counts: older announced counts of these offers must not undo them.
    for (const id of ids) {
      this.staleLikes.delete(id);
      this.knownLikes.delete(id);
    }
    let rows: Awaited<ReturnType<typeof this.statements.some.execute>>;
    try {
      rows = await this.statements.some.execute({ ids, today: snapshot.day });
    } catch (error) {
      for (const id of ids) this.changedOffers.add(id);
      throw error;
    }
    if (this.snapshot !== snapshot || this.builtAt !== this.generation) return;
    const byId = new Map(rows.map((row) => [row.id, row]));
    this.stats.moved += ids.length;
    for (const id of ids) {
      const old = snapshot.byId.get(id);
      if (old) {
        for (const order of ORDERS) {
          removeAt(snapshot.orders[order], old, COMPARE[order]);
          for (const dim of dimensionsOfEntry(old)) {
            const list = snapshot.postings[order].get(dim);
            if (list) removeAt(list, old, COMPARE[order]);
          }
        }
        snapshot.byId.delete(id);
        snapshot.removed++;
      }
      const row = byId.get(id);
      if (!row?.visible) continue;
      const e = this.entryOf(row, snapshot.entries.length, snapshot.day);
      snapshot.entries.push(e);
      snapshot.byId.set(id, e);
      for (const order of ORDERS) {
        insertSorted(snapshot.orders[order], e, COMPARE[order]);
        for (const dim of dimensionsOfEntry(e)) {
          const list = snapshot.postings[order].get(dim);
          if (list) insertSorted(list, e, COMPARE[order]);
          else snapshot.postings[order].set(dim, [e]);
        }
      }
    }
    snapshot.lists.clear();
    snapshot.likesLists.clear();
    snapshot.searches.clear();
    // Too many offers now, or too many replaced entries kept in `entries`: a clean rebuild at the next read.
    if (snapshot.byId.size > this.maxOffers || snapshot.removed > Math.max(1_000, snapshot.byId.size / 4)) {
      this.generation++;
    }
  }

  private entryOf(row: OfferHistoryRow & { createdUs: string }, pos: number, day: string): Entry {
    const card = this.toCard(row, day);
    return {
      pos,
      id: row.id,
      card,
      createdUs: Number(row.createdUs),
      likeCount: row.likeCount,
      roas: row.roas,
      ads: row.ads,
      ticketCents: row.ticketCents,
      status: row.status,
      niche: row.niche,
      format: row.format,
      language: row.language,
      momentum: card.momentum,
      growth: card.growth7d?.ads ?? null,
      haystack: [row.advertiser.toLowerCase(), row.productTitle.toLowerCase(), row.adText.toLowerCase()],
    };
  }

  /**
   * After the member's own like (its change already reported: the like's response waited for the feed), their next
   * likes-sorted read applies it at once; everyone else's within LIKES_COALESCE_MS.
   */
  noteLiker(userId: string): void {
    if (this.likers.size >= 10_000) {
      // Too many to track: the next reader reorders whatever is pending.
      this.likers.clear();
      this.lastReorder = 0;
    }
    this.likers.set(userId, this.receivedSeq);
  }

  private ownLikePending(userId: string | undefined): boolean {
    if (userId === undefined) return false;
    const seq = this.likers.get(userId);
    if (seq === undefined) return false;
    if (seq > this.appliedSeq) return true;
    this.likers.delete(userId);
    return false;
  }

  /** Rereads the like counts that changed and moves those offers in the likes-sorted list. */
  private async reorderLikes(snapshot: Snapshot, now: boolean): Promise<void> {
    for (let round = 0; round < 3; round++) {
      if (this.reordering) {
        await this.reordering;
        continue;
      }
      if (!this.allLikesStale && this.staleLikes.size === 0 && this.knownLikes.size === 0) return;
      if (!now && this.now() - this.lastReorder < LIKES_COALESCE_MS) return;
      this.reordering = this.applyLikeCounts(snapshot).finally(() => {
        this.reordering = null;
      });
      await this.reordering;
    }
  }

  private async applyLikeCounts(snapshot: Snapshot): Promise<void> {
    const all = this.allLikesStale || this.staleLikes.size > RESORT_ABOVE;
    const ids = [...this.staleLikes];
    const known = [...this.knownLikes];
    // Taken before the query: a like reported while it runs stays pending for the next reorder.
    this.allLikesStale = false;
    this.staleLikes.clear();
    this.knownLikes.clear();
    this.lastReorder = this.now();
    this.appliedSeq = this.receivedSeq;
    try {
      const read = all
        ? await this.statements.allCounts.execute()
        : ids.length > 0
          ? await this.statements.counts.execute({ ids })
          : [];
      if (this.snapshot !== snapshot) return;
      const counts = new Map(known);
      for (const row of read) counts.set(row.id, row.likeCount);
      const likes = snapshot.orders.likes;
      const resort = all || counts.size > RESORT_ABOVE;
      let moved = false;
      const postings = snapshot.postings.likes;
      for (const [id, likeCount] of counts) {
        const e = snapshot.byId.get(id);
        if (!e || e.likeCount === likeCount) continue;
        moved = true;
        // A few moves: out of the likes order and of its filter lists, back in at the new count's place.
        const lists = resort ? [] : [likes, ...dimensionsOfEntry(e).map((dim) => postings.get(dim) ?? [])];
        for (const list of lists) removeAt(list, e);
        e.likeCount = likeCount;
        e.card.likeCount = likeCount;
        for (const list of lists) insertSorted(list, e, COMPARE.likes);
      }
      if (!moved) return;
      if (resort) {
        likes.sort(COMPARE.likes);
        snapshot.postings.likes = postingsOf(likes);
      }
      snapshot.likesLists.clear();
    } catch (error) {
      // Not applied: still pending for the next reader.
      if (all) this.allLikesStale = true;
      for (const id of ids) this.staleLikes.add(id);
      for (const [id, count] of known) if (!this.knownLikes.has(id)) this.knownLikes.set(id, count);
      throw error;
    }
  }

  /** The filter of one query, with the search's matches memoised per search text. */
  private filter(snapshot: Snapshot, q: IndexQuery, favorites?: Set<string>): (e: Entry) => boolean {
    const [above, upTo] = q.ticket ? TICKET_CENTS[q.ticket] : [null, null];
    const matches = q.search ? this.searchMatches(snapshot, q.search.toLowerCase()) : null;
    return (e) =>
      (!q.status || e.status === q.status) &&
      (!q.niche || e.niche === q.niche) &&
      (!q.format || e.format === q.format) &&
      (!q.language || e.language === q.language) &&
      (above === null || e.ticketCents > above) &&
      (upTo === null || e.ticketCents <= upTo) &&
      (!q.momentum || e.momentum === q.momentum) &&
      (matches === null || matches[e.pos] === 1) &&
      (favorites === undefined || favorites.has(e.id));
  }

  private searchMatches(snapshot: Snapshot, needle: string): Uint8Array {
    let matches = snapshot.searches.get(needle);
    if (matches) {
      // Most recently used last.
      snapshot.searches.delete(needle);
      snapshot.searches.set(needle, matches);
      return matches;
    }
    matches = new Uint8Array(snapshot.entries.length);
    for (const e of snapshot.entries) {
      if (e.haystack[0].includes(needle) || e.haystack[1].includes(needle) || e.haystack[2].includes(needle))
        matches[e.pos] = 1;
    }
    snapshot.searches.set(needle, matches);
    if (snapshot.searches.size > SEARCH_MEMO)
      snapshot.searches.delete(snapshot.searches.keys().next().value!);
    return matches;
  }
}

const TICKET_ENTRIES = Object.entries(TICKET_CENTS) as [TicketRange, [number | null, number | null]][];
const ticketRangeOf = (cents: number) =>
  TICKET_ENTRIES.find(
    ([, [above, upTo]]) => (above === null || cents > above) && (upTo === null || cents <= upTo),
  )?.[0];

/** The posting keys of an offer: one per filterable field. */
const dimensionsOfEntry = (e: Entry) => [
  `s:${e.status}`,
  `n:${e.niche}`,
  `f:${e.format}`,
  `l:${e.language}`,
  `t:${ticketRangeOf(e.ticketCents)}`,
  `m:${e.momentum}`,
];

/** The posting keys a query filters on. */
function dimensionsOf(q: IndexQuery): string[] {
  const dims: string[] = [];
  if (q.status) dims.push(`s:${q.status}`);
  if (q.niche) dims.push(`n:${q.niche}`);
  if (q.format) dims.push(`f:${q.format}`);
  if (q.language) dims.push(`l:${q.language}`);
  if (q.ticket) dims.push(`t:${q.ticket}`);
  if (q.momentum) dims.push(`m:${q.momentum}`);
  return dims;
}

/**
 * Where a filtered query starts: the shortest list among its filter values in its order (the whole order without
 * filters). Every entry is still checked against all the filters.
 */
function candidatesOf(snapshot: Snapshot, q: IndexQuery): Entry[] {
  const order = q.sort === 'oldest' ? 'recent' : q.sort;
  let candidates = snapshot.orders[order];
  for (const dim of dimensionsOf(q)) {
    const posting = snapshot.postings[order].get(dim) ?? [];
    if (posting.length < candidates.length) candidates = posting;
  }
  return candidates;
}

/** The offers of each filter value, in the order given. */
function postingsOf(order: Entry[]): Map<string, Entry[]> {
  const postings = new Map<string, Entry[]>();
  for (const e of order) {
    for (const dim of dimensionsOfEntry(e)) {
      const list = postings.get(dim);
      if (list) list.push(e);
      else postings.set(dim, [e]);
    }
  }
  return postings;
}

const filterKey = (q: IndexQuery) =>
  JSON.stringify([q.status, q.niche, q.format, q.language, q.ticket, q.momentum, q.search?.toLowerCase()]);

/**
 * Removes the entry from a list sorted by `compare` (its place found by binary search, confirmed by identity; a
 * list out of order for it, a likes order waiting for its reorder, is searched whole).
 */
function removeAt(list: Entry[], e: Entry, compare?: (a: Entry, b: Entry) => number): void {
  if (compare) {
    const at = insertionPoint(list, e, compare) - 1;
    if (list[at] === e) {
      list.splice(at, 1);
      return;
    }
  }
  const i = list.indexOf(e);
  if (i >= 0) list.splice(i, 1);
}

function insertSorted(list: Entry[], e: Entry, compare: (a: Entry, b: Entry) => number): void {
  list.splice(insertionPoint(list, e, compare), 0, e);
}

/** Where the entry goes in a list sorted by `compare` (binary search). */
function insertionPoint(list: Entry[], e: Entry, compare: (a: Entry, b: Entry) => number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(list[mid]!, e) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
