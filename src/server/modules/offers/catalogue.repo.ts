import { and, eq, gt, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { OfferCard, OfferListQuery, OfferPage } from '../../../shared/schemas/offers';
import type { DbOrTx } from '../../db/client';
import { favorites, offers } from '../../db/schema/index';
import type { CachedPage, CatalogueCache, SharedCard } from './catalogue-cache';
import {
  newestFirst,
  type OfferRow,
  offerColumns,
  toOfferCard,
  type Viewer,
  viewerFlags,
} from './offers.repo';

export type CatalogueQuery = Omit<OfferListQuery, 'sort' | 'page' | 'pageSize'> & {
  sort: NonNullable<OfferListQuery['sort']>;
  page: number;
  pageSize: number;
};

/** ILIKE pattern for a literal substring (%, _ and \ in the search are not wildcards). */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

const TICKET_WHERE: Record<NonNullable<OfferListQuery['ticket']>, SQL> = {
  'ate-50': lte(offers.ticketCents, 5000),
  '50-100': and(gt(offers.ticketCents, 5000), lte(offers.ticketCents, 10000)) as SQL,
  '100-200': and(gt(offers.ticketCents, 10000), lte(offers.ticketCents, 20000)) as SQL,
  '200-500': and(gt(offers.ticketCents, 20000), lte(offers.ticketCents, 50000)) as SQL,
  'acima-500': gt(offers.ticketCents, 50000),
};

// "asc nulls first" is the backward scan of the (visible, created_at desc nulls last) index.
const ORDER: Record<CatalogueQuery['sort'], SQL[]> = {
  recent: newestFirst,
  oldest: [sql`${offers.createdAt} asc nulls first`, sql`${offers.id} asc`],
  likes: [sql`${offers.likeCount} desc nulls last`, ...newestFirst],
  roas: [sql`${offers.roas} desc nulls last`, ...newestFirst],
  ads: [sql`${offers.ads} desc nulls last`, ...newestFirst],
};

const p = sql.placeholder;

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
  [q.status, q.niche, q.format, q.language, q.favorites].map((v) => (v ? 1 : 0)).join('');

/** The page of one shape, without the viewer: the same rows for every member (what the shared cache keeps). */
function buildCataloguePage(db: DbOrTx, query: CatalogueQuery) {
  return db
    .select(offerColumns)
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

/** The live part of the cards of one page: like counts and the viewer's own like and favourite. */
function buildViewerFlags(db: DbOrTx) {
  return db
    .select({ id: offers.id, likeCount: offers.likeCount, ...viewerFlags(p('viewer')) })
    .from(offers)
    .where(sql`${offers.id} = any(${p('ids')})`);
}

type Prepared = {
  page: ReturnType<ReturnType<typeof buildCataloguePage>['prepare']>;
  count: ReturnType<ReturnType<typeof buildCatalogueCount>['prepare']>;
};
const preparedByDb = new WeakMap<
  DbOrTx,
  { shapes: Map<string, Prepared>; flags: ReturnType<ReturnType<typeof buildViewerFlags>['prepare']> }
>();

/**
 * Each shape is prepared once per database handle: no query building per request and, on each connection,
 * no parse and no plan per request once PostgreSQL settles on the shape's generic plan.
 */
function prepared(db: DbOrTx, query: CatalogueQuery) {
  let forDb = preparedByDb.get(db);
  if (!forDb) {
    forDb = { shapes: new Map(), flags: buildViewerFlags(db).prepare('catalogue_flags') };
    preparedByDb.set(db, forDb);
  }
  const shape = shapeOf(query);
  let statements = forDb.shapes.get(shape);
  if (!statements) {
    statements = {
      page: buildCataloguePage(db, query).prepare(`catalogue_${shape}`),
      count: buildCatalogueCount(db, query).prepare(`catalogue_count_${shape}`),
    };
    forDb.shapes.set(shape, statements);
  }
  return { ...statements, flags: forDb.flags };
}

/** The card of an offer row without the viewer's flags. */
function toSharedCard(row: OfferRow): SharedCard {
  const { likedByMe, favoritedByMe, ...card } = toOfferCard({
    ...row,
    likedByMe: false,
    favoritedByMe: false,
  });
  return card;
}

/**
 * One page of the catalogue and the total matching it. The page (ordered cards) and the total are the same for
 * every member: with a live cache they are read from it (or stored in it); the like counts and the viewer's own
 * like and favourite are always read fresh, for the page's cards only. The Favoritos tab is the viewer's own and
 * is never cached; a member who just liked reads the likes-sorted pages fresh.
 */
export async function listCatalogue(
  db: DbOrTx,
  viewer: Viewer,
  query: CatalogueQuery,
  cache?: CatalogueCache,
): Promise<OfferPage> {
  const params = {
    viewer: viewer.id,
    status: query.status,
    niche: query.niche,
    format: query.format,
    language: query.language,
    pattern: query.search ? containsPattern(query.search) : undefined,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  };
  const statements = prepared(db, query);
  const shared =
    cache?.live && !query.favorites && !(query.sort === 'likes' && cache.isRecentLiker(viewer.id))
      ? cache
      : undefined;
  const filterKey = shared
    ? JSON.stringify([
        shapeOf(query),
        params.status,
        params.niche,
        params.format,
        params.language,
        params.pattern,
      ])
    : '';
  const pageKey = `${filterKey}|${query.page}|${query.pageSize}`;
  const pages = query.sort === 'likes' ? shared?.likesPages : shared?.pages;

  const readPage = async (): Promise<CachedPage> => {
    const cached = pages?.get(pageKey);
    if (cached) return cached;
    const token = pages?.token() ?? 0;
    const rows = await statements.page.execute(params);
    const page = { cards: rows.map(toSharedCard) };
    pages?.set(pageKey, page, token);
    return page;
  };
  const readTotal = async (): Promise<number> => {
    const cached = shared?.totals.get(filterKey);
    if (cached !== undefined) return cached;
    const token = shared?.totals.token() ?? 0;
    const [row] = await statements.count.execute(params);
    const total = row?.n ?? 0;
    shared?.totals.set(filterKey, total, token);
    return total;
  };

  const [page, total] = await Promise.all([readPage(), readTotal()]);
  const ids = page.cards.map((c) => c.id);
  const live = ids.length ? await statements.flags.execute({ viewer: viewer.id, ids }) : [];
  const byId = new Map(live.map((row) => [row.id, row]));
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
