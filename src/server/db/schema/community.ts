import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Posts of the community feed ('Comunidade') and of the promotion board ('Divulgação'): one shape, one table,
 * kept apart by `kind` (every route reads and writes one kind only). Like and comment counters are kept by the
 * toggles and comment writes in the same transaction as their rows (sortable, never one query per card).
 */
export const posts = pgTable(
  'posts',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text({ enum: ['community', 'promotion'] }).notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    /** Plain text; a promotion post's inline images are `[IMAGE:url]` markers of this app's storage only. */
    description: text().notNull().default(''),
    /** A URL of this app's storage (folder posts), or null. */
    image: text(),
    nicho: text().notNull(),
    formato: text().notNull(),
    categoria: text().notNull(),
    likeCount: integer().notNull().default(0),
    commentCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('posts_kind_created_idx').on(t.kind, t.createdAt.desc(), t.id.desc()),
    index('posts_kind_user_created_idx').on(t.kind, t.userId, t.createdAt.desc()),
    index('posts_user_idx').on(t.userId),
    index('posts_created_idx').on(t.createdAt),
    index('posts_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('posts_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
    check('posts_kind_check', sql`${t.kind} in ('community', 'promotion')`),
    check('posts_counts_non_negative', sql`${t.likeCount} >= 0 and ${t.commentCount} >= 0`),
  ],
);

export const postLikes = pgTable(
  'post_likes',
  {
    id: uuid().primaryKey().defaultRandom(),
    postId: uuid()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('post_likes_post_user_unique').on(t.postId, t.userId),
    index('post_likes_user_created_idx').on(t.userId, t.createdAt.desc()),
    // The monthly ranking reads one month of likes.
    index('post_likes_created_idx').on(t.createdAt),
  ],
);

/** Comments and their replies: a reply's parent is always a top-level comment of the same post (one level). */
export const postComments = pgTable(
  'post_comments',
  {
    id: uuid().primaryKey().defaultRandom(),
    postId: uuid()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: uuid().references((): AnyPgColumn => postComments.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    likeCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('post_comments_post_created_idx').on(t.postId, t.createdAt),
    index('post_comments_parent_idx').on(t.parentId),
    index('post_comments_user_idx').on(t.userId),
    index('post_comments_created_idx').on(t.createdAt),
    check('post_comments_like_count_non_negative', sql`${t.likeCount} >= 0`),
  ],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    id: uuid().primaryKey().defaultRandom(),
    commentId: uuid()
      .notNull()
      .references(() => postComments.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('comment_likes_comment_user_unique').on(t.commentId, t.userId),
    index('comment_likes_user_idx').on(t.userId),
  ],
);
