import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Where the demo seed wrote: the tables whose rows `demo_content` can name, and 'files' (stored uploads, by URL). */
export const DEMO_CONTENT_TABLES = [
  'users',
  'offers',
  'user_escalated_offers',
  'posts',
  'post_comments',
  'banners',
  'live_calls',
  'notifications',
  'confirmed_purchases',
  'webhook_events',
  'beginner_map_lessons',
  'files',
] as const;
export type DemoContentTable = (typeof DEMO_CONTENT_TABLES)[number];

/**
 * Every row the demo seed (src/server/seed/*) wrote, by table and id, written in the seed's own transaction; 'files'
 * names the uploads it stored (their URL). `original`: for rows the seed changed in place rather than inserted (the
 * beginner map's lessons), the values it replaced, put back on removal. Removing the demo content
 * (modules/demo-content) deletes exactly these rows (and what cascades from them), then these entries.
 */
export const demoContent = pgTable(
  'demo_content',
  {
    tableName: text().$type<DemoContentTable>().notNull(),
    rowId: text().notNull(),
    original: jsonb().$type<Record<string, string | null>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tableName, t.rowId] }),
    check(
      'demo_content_table_known',
      sql.raw(`table_name in (${DEMO_CONTENT_TABLES.map((name) => `'${name}'`).join(', ')})`),
    ),
  ],
);

/**
 * Each removal of the demo content, with what it removed. Once a row is here the demo is never seeded again (an
 * emptied catalogue or notices list would otherwise look like a new database at the next start).
 */
export const demoContentRemovals = pgTable('demo_content_removals', {
  removedAt: timestamp({ withTimezone: true }).primaryKey().defaultNow(),
  counts: jsonb().$type<Record<string, number>>().notNull(),
});
