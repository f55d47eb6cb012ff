import { and, count, eq, gt, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { OfferListQuery, OfferPage } from '../../../shared/schemas/offers';
import type { DbOrTx } from '../../db/client';
import { offers } from '../../db/schema/index';
import { cardColumns, isFavoriteOf, newestFirst, toOfferCard, type Viewer } from './offers.repo';

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
  if (query.favorites) where.push(isFavoriteOf(p('viewer')));
  return and(...where);
}

/** True when the search has a word of 3 letters or digits, from which pg_trgm extracts trigrams. */
const hasTrigram = (search: string) => /[\p{L}\p{N}]{3}/u.test(search);

/** Which filters are set (their values are parameters) and the kind of search: one shape, one SQL text. */
const shapeOf = (q: CatalogueQuery) =>
  `${q.sort}_${q.ticket ?? 'todos'}_${q.search ? (hasTrigram(q.search) ? 'trgm' : 'short') : 'none'}_` +
  [q.status, q.niche, q.format, q.language, q.favorites].map((v) => (v ? 1 : 0)).join('');

/**
 * The page query of one shape: the cards with the viewer's flags, and the total as an uncorrelated subquery on
 * the same where clause (PostgreSQL runs it once).
 */
function buildCataloguePage(db: DbOrTx, query: CatalogueQuery) {
  const where = catalogueWhere(query);
  return db
    .select({
      ...cardColumns(p('viewer')),
      total: sql<number>`(select count(*) from offers where ${where})::int`,
    })
    .from(offers)
    .where(where)
    .orderBy(...ORDER[query.sort])
    .limit(p('limit'))
    .offset(p('offset'));
}

type PreparedPage = ReturnType<ReturnType<typeof buildCataloguePage>['prepare']>;
const preparedPages = new WeakMap<DbOrTx, Map<string, PreparedPage>>();

/**
 * Each shape is prepared once per database handle: no query building per request and, on each connection,
 * no parse and no plan per request once PostgreSQL settles on the shape's generic plan.
 */
function cataloguePage(db: DbOrTx, query: CatalogueQuery): PreparedPage {
  let byShape = preparedPages.get(db);
  if (!byShape) {
    byShape = new Map();
    preparedPages.set(db, byShape);
  }
  const shape = shapeOf(query);
  let prepared = byShape.get(shape);
  if (!prepared) {
    prepared = buildCataloguePage(db, query).prepare(`catalogue_${shape}`);
    byShape.set(shape, prepared);
  }
  return prepared;
}

/** One page of the catalogue and the total matching it; only a page past the end needs a second query. */
export async function listCatalogue(db: DbOrTx, viewer: Viewer, query: CatalogueQuery): Promise<OfferPage> {
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
  const rows = await cataloguePage(db, query).execute(params);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const [counted] = await db
      .select({ n: count() })
      .from(offers)
      .where(catalogueWhere(query))
      .execute(params);
    total = counted?.n ?? 0;
  }
  return { items: rows.map(toOfferCard), total, page: query.page, pageSize: query.pageSize };
}
