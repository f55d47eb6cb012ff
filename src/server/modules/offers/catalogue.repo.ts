import { and, eq, gt, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { saoPauloDay } from '../../../shared/sao-paulo-day';
import type { OfferCard, OfferListQuery, OfferPage } from '../../../shared/schemas/offers';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { favorites, offers, users } from '../../db/schema/index';
import type { Viewer } from '../../plugins/access';
import { growthSql, historyColumns, momentumSql } from './ad-counts.repo';
import type { CachedPage, CatalogueCache } from './catalogue-cache';
import { TICKET_CENTS } from './catalogue-index';
import { presentSharedCard } from './offers.presenters';
import { newestFirst, offerColumns, viewerFlags } from './offers.repo';

export type CatalogueQuery = Omit<OfferListQuery, 'sort' | 'page' | 'pageSize'> & {
  sort: NonNullable<OfferListQuery['sort']>;
  page: number;
  pageSize: number;
};

/** ILIKE pattern for a literal substring (%, _ and \ in the search are not wildcards). */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The ticket ranges of TICKET_CENTS as SQL (above the first bound, up to the second). */
const TICKET_WHERE = Object.fromEntries(
  Object.entries(TICKET_CENTS).map(([range, [above, upTo]]) => [
    range,
    and(
      above === null ? undefined : gt(offers.ticketCents, above),
      upTo === null ? undefined : lte(offers.ticketCents, upTo),
    ) as SQL,
  ]),
) as Record<NonNullable<OfferListQuery['ticket']>, SQL>;

const p = sql.placeholder;

// "asc nulls first" is the backward scan of the (visible, created_at desc nulls last) index. The growth sort puts
// 'Novo' offers (no growth yet) after the others.
const ORDER: Record<CatalogueQuery['sort'], SQL[]> = {
  growth: [sql`${growthSql(p('today'))} desc nulls last`, ...newestFirst],
  recent: newestFirst,
  oldest: [sql`${offers.createdAt} asc nulls first`, sql`${offers.id} collate "C" asc`],
  likes: [sql`${offers.likeCount} desc nulls last`, ...newestFirst],
  roas: [sql`${offers.roas} desc nulls last`, ...newestFirst],
  ads: [sql`${offers.ads} desc nulls last`, ...newestFirst],
};

/**
 * The catalogue's where clause for one shape of query (which filters are set): visible offers only, then
 * each chosen filter with its value as a placeholder, so one shape is one prepared statement.
 */
function catalogueWhere(query: CatalogueQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(offers.visible, true)];
  if (query.status) where.push(eq(offers.status, p('status')));
  if (query.niche) where.push(eq(offers.niche, p('niche')));
  if (query.format) where.push(eq(offers.format, p('format')));
  if (query.language) where.push(eq(offers.language, p('language')));
  if (query.ticket) where.push(TICKET_WHERE[query.ticket]);
  if (query.momentum) where.push(sql`${momentumSql(p('today'))} = ${p('momentum')}`);
  if (query.search) {
    const pattern = p('pattern');
    // A search without a 3-character word has no trigram to look up: its columns are written as expressions
    // the trigram indexes do not cover, so no plan (a prepared statement's generic one included) tries them.
    const column = hasTrigram(query.search) ? (c: PgColumn) => c : (c: PgColumn) => sql`(${c} || '')`;
    where.push(
      or(
        ilike(column(offers.advertiser), pattern),
        ilike(column(offers.productTitle), pattern),
        ilike(column(offers.adText), pattern),
      ),
    );
  }
  // The viewer's few favourites drive the plan (a semi-join from favorites), not a probe per visible offer.
  if (query.favorites) {
    where.push(
      inArray(
        offers.id,
        sql`(select ${favorites.offerId} from ${favorites} where ${favorites.userId} = ${p('viewer')})`,
      ),
    );
  }
  return and(...where);
}

/** True when the search has a word of 3 letters or digits, from which pg_trgm extracts trigrams. */
const hasTrigram = (search: string) => /[\p{L}\p{N}]{3}/u.test(search);

/** Which filters are set (their values are parameters) and the kind of search: one shape, one SQL text. */
const shapeOf = (q: CatalogueQuery) =>
  `${q.sort}_${q.ticket ?? 'todos'}_${q.search ? (hasTrigram(q.search) ? 'trgm' : 'short') : 'none'}_` +
  [q.status, q.niche, q.format, q.language, q.favorites, q.momentum].map((v) => (v ? 1 : 0)).join('');

/** The page of one shape, without the viewer: the same rows for every member (what the shared cache keeps). */
function buildCataloguePage(db: DbOrTx, query: CatalogueQuery) {
  return db
    .select({ ...offerColumns, ...historyColumns(p('today')) })
    .from(offers)
    .where(catalogueWhere(query))
    .orderBy(...ORDER[query.sort])
    .limit(p('limit'))
    .offset(p('offset'));
}

/** How many offers match the filters of one shape (the sort does not matter). */
function buildCatalogueCount(db: DbOrTx, query: CatalogueQuery) {
  return db.select({ n: sql<number>`count(*)::int` }).from(offers).where(catalogueWhere(query));
}

/** The live part of the cards of one page: like counts and the viewer's own like and favourite (feed down). */
function buildViewerFlags(db: DbOrTx) {
  return db
    .select({ id: offers.id, likeCount: offers.likeCount, ...viewerFlags(p('viewer')) })
    .from(offers)
    .where(sql`${offers.id} = any(${p('ids')})`);
}

/** The like counts of the given offers (the ones a page needs and the cache does not hold). */
function buildLikeCounts(db: DbOrTx) {
  return db
    .select({ id: offers.id, likeCount: offers.likeCount })
    .from(offers)
    .where(sql`${offers.id} = any(${p('ids')})`);
}

/** Every offer the member liked and favourited, in one row (the member's row). */
function buildMemberFlags(db: DbOrTx) {
  return db
    .select({
      liked: sql<string[]>`array(select l.offer_id from offer_likes l where l.user_id = ${p('viewer')})`,
      favorites: sql<string[]>`array(select f.offer_id from favorites f where f.user_id = ${p('viewer')})`,
    })
    .from(users)
    .where(eq(users.id, p('viewer')));
}

/**
 * Each shape is prepared once per database handle (db/prepared.ts): no query building per request and, on each
 * connection, no parse and no plan per request once PostgreSQL settles on the shape's generic plan.
 */
function statementsFor(db: DbOrTx, query: CatalogueQuery) {
  const shape = shapeOf(query);
  return {
    page: prepared(db, `catalogue_${shape}`, (name) => buildCataloguePage(db, query).prepare(name)),
    count: prepared(db, `catalogue_count_${shape}`, (name) => buildCatalogueCount(db, query).prepare(name)),
    flags: prepared(db, 'catalogue_flags', (name) => buildViewerFlags(db).prepare(name)),
    likeCounts: prepared(db, 'catalogue_like_counts', (name) => buildLikeCounts(db).prepare(name)),
    memberFlags: prepared(db, 'catalogue_member_flags', (name) => buildMemberFlags(db).prepare(name)),
  };
}

type Statements = ReturnType<typeof statementsFor>;

/** The member's liked and favourited offers: from the cache, or one query (stored unless a write raced it). */
async function readMemberFlags(statements: Statements, cache: CatalogueCache, userId: string) {
  const cached = cache.memberFlags.get(userId);
  if (cached) return cached;
  const token = cache.memberFlags.token();
  const [row] = await statements.memberFlags.execute({ viewer: userId });
  const flags = { liked: new Set(row?.liked ?? []), favorites: new Set(row?.favorites ?? []) };
  cache.memberFlags.set(userId, flags, token);
  return flags;
}

/**
 * The like counts of the page's cards: cached ones from memory, the missing ones in one query. An id absent from
 * the answer is an offer deleted since the page was cached (the deletion empties the cache at once anyway).
 */
async function readLikeCounts(statements: Statements, cache: CatalogueCache, ids: string[]) {
  const counts = new Map<string, number>();
  const missing: string[] = [];
  for (const id of ids) {
    const count = cache.likeCounts.get(id);
    if (count === undefined) missing.push(id);
    else counts.set(id, count);
  }
  if (missing.length > 0) {
    const token = cache.likeCounts.token();
    const rows = await statements.likeCounts.execute({ ids: missing });
    for (const row of rows) {
      counts.set(row.id, row.likeCount);
      cache.likeCounts.set(row.id, row.likeCount, token);
    }
  }
  return counts;
}

/** The live part of the page's cards, per card id: its like count and the viewer's own like and favourite. */
async function readLiveParts(
  statements: Statements,
  viewer: Viewer,
  ids: string[],
  cache: CatalogueCache | undefined,
): Promise<Map<string, { likeCount: number; likedByMe: boolean; favoritedByMe: boolean }>> {
  if (ids.length === 0) return new Map();
  if (!cache?.live) {
    const rows = await statements.flags.execute({ viewer: viewer.id, ids });
    return new Map(rows.map((row) => [row.id, row]));
  }
  const [flags, counts] = await Promise.all([
    readMemberFlags(statements, cache, viewer.id),
    readLikeCounts(statements, cache, ids),
  ]);
  const live = new Map<string, { likeCount: number; likedByMe: boolean; favoritedByMe: boolean }>();
  for (const [id, likeCount] of counts) {
    live.set(id, { likeCount, likedByMe: flags.liked.has(id), favoritedByMe: flags.favorites.has(id) });
  }
  return live;
}

/** The page from the in-memory index (null when it cannot answer: the caller queries PostgreSQL). */
async function queryIndex(
  statements: Statements,
  cache: CatalogueCache,
  viewer: Viewer,
  query: CatalogueQuery,
) {
  if (!cache.index) return null;
  const favorites = query.favorites
    ? (await readMemberFlags(statements, cache, viewer.id)).favorites
    : undefined;
  return cache.index.query(query, { favorites, viewerId: viewer.id });
}

/**
 * One page of the catalogue and the total matching it. The page (ordered cards) and the total are the same for
 * every member: with a live cache they are read from it (or stored in it); so are the like counts (per offer) and
 * the viewer's liked and favourited offers (per member), each dropped by the change feed when it changes. Warm,
 * a page costs no query. The Favoritos tab's page is the viewer's own and is never cached; a member who just liked
 * reads the likes-sorted pages fresh. While the feed is down, one query reads the counts and flags of the cards.
 */
export async function listCatalogue(
  db: DbOrTx,
  viewer: Viewer,
  query: CatalogueQuery,
  cache?: CatalogueCache,
): Promise<OfferPage> {
  // Momentum depends on the day: the shared pages and totals are kept per São Paulo day.
  const today = saoPauloDay();
  const params = {
    today,
    momentum: query.momentum,
    viewer: viewer.id,
    status: query.status,
    niche: query.niche,
    format: query.format,
    language: query.language,
    pattern: query.search ? containsPattern(query.search) : undefined,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  };
  const statements = statementsFor(db, query);
  const shared =
    cache?.live && !query.favorites && !(query.sort === 'likes' && cache.isRecentLiker(viewer.id))
      ? cache
      : undefined;
  const filterKey = shared
    ? JSON.stringify([
        shapeOf(query),
        today,
        params.momentum,
        params.status,
        params.niche,
        params.format,
        params.language,
        params.pattern,
      ])
    : '';
  const pageKey = `${filterKey}|${query.page}|${query.pageSize}`;
  const pages = query.sort === 'likes' ? shared?.likesPages : shared?.pages;

  // Concurrent misses of one page (or total) share one query (FillCache.fill): pages sorted or filtered by momentum
  // compute it for every matching offer, and each offer change empties these caches.
  const loadPage = async (): Promise<CachedPage> => {
    const rows = await statements.page.execute(params);
    return { cards: rows.map((row) => presentSharedCard(row, today)) };
  };
  const loadTotal = async (): Promise<number> => {
    const [row] = await statements.count.execute(params);
    return row?.n ?? 0;
  };
  const readPage = () => (pages ? pages.fill(pageKey, loadPage) : loadPage());
  const readTotal = () => (shared ? shared.totals.fill(filterKey, loadTotal) : loadTotal());

  const indexed = cache?.live ? await queryIndex(statements, cache, viewer, query) : null;
  const [page, total] = indexed
    ? [{ cards: indexed.cards }, indexed.total]
    : await Promise.all([readPage(), readTotal()]);
  const byId = await readLiveParts(
    statements,
    viewer,
    page.cards.map((c) => c.id),
    cache,
  );
  const items: OfferCard[] = [];
  for (const card of page.cards) {
    const now = byId.get(card.id);
    // An offer deleted since the page was cached is left out (its removal empties the cache at once anyway).
    if (now)
      items.push({
        ...card,
        likeCount: now.likeCount,
        likedByMe: now.likedByMe,
        favoritedByMe: now.favoritedByMe,
      });
  }
  return { items, total, page: query.page, pageSize: query.pageSize };
}
