import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { offers } from '../../db/schema/index';
import { historyColumns } from './ad-counts.repo';
import { offerColumns } from './offers.repo';

/* The queries of the in-memory catalogue index (catalogue-index.ts): every visible offer, some offers by id, and
 * like counts. Prepared once per database connection pool. */

const p = sql.placeholder;
function buildAllVisible(db: DbOrTx) {
  return db
    .select({
      ...offerColumns,
      ...historyColumns(p('today')),
      createdUs: sql<string>`(extract(epoch from ${offers.createdAt}) * 1000000)::bigint`,
    })
    .from(offers)
    .where(eq(offers.visible, true))
    .limit(p('limit'));
}
/** The rows of some offers, visible or not (a hidden or deleted one leaves the index). */
function buildSome(db: DbOrTx) {
  return db
    .select({
      ...offerColumns,
      ...historyColumns(p('today')),
      createdUs: sql<string>`(extract(epoch from ${offers.createdAt}) * 1000000)::bigint`,
    })
    .from(offers)
    .where(sql`${offers.id} = any(${p('ids')})`);
}
function buildCounts(db: DbOrTx) {
  return db
    .select({ id: offers.id, likeCount: offers.likeCount })
    .from(offers)
    .where(sql`${offers.visible} and ${offers.id} = any(${p('ids')})`);
}
function buildAllCounts(db: DbOrTx) {
  return db
    .select({ id: offers.id, likeCount: offers.likeCount })
    .from(offers)
    .where(eq(offers.visible, true));
}

/** The index's prepared statements for this database. */
export function catalogueIndexStatements(db: DbOrTx) {
  return {
    all: prepared(db, 'catalogue_index_all', (name) => buildAllVisible(db).prepare(name)),
    some: prepared(db, 'catalogue_index_some', (name) => buildSome(db).prepare(name)),
    counts: prepared(db, 'catalogue_index_counts', (name) => buildCounts(db).prepare(name)),
    allCounts: prepared(db, 'catalogue_index_all_counts', (name) => buildAllCounts(db).prepare(name)),
  };
}
export type CatalogueIndexStatements = ReturnType<typeof catalogueIndexStatements>;
