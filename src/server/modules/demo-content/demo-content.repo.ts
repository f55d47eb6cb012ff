import { sql } from 'drizzle-orm';
import { SAO_PAULO_TIME_ZONE } from '../../../shared/sao-paulo-month';
import type { DemoContentCounts } from '../../../shared/schemas/admin';
import type { DbOrTx } from '../../db/client';
import { type DemoContentTable, demoContent } from '../../db/schema/index';

/** The advisory locks the demo seed takes (seed/*.ts), in its order: removal takes them all, seeds wait for it. */
export const DEMO_SEED_LOCKS = [
  'seed_demo_welcome',
  'seed_demo_catalogue',
  'seed_demo_beginner_map',
] as const;

export async function takeDemoSeedLock(tx: DbOrTx, name: (typeof DEMO_SEED_LOCKS)[number]): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
}

/** Marks rows the seed wrote (in the seed's transaction). */
export async function registerDemoRows(
  tx: DbOrTx,
  table: Exclude<DemoContentTable, 'beginner_map_lessons'>,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .insert(demoContent)
    .values(ids.map((rowId) => ({ tableName: table, rowId })))
    .onConflictDoNothing();
}

/** Marks lessons the seed is about to change in place, keeping what they say now to put it back on removal. */
export async function registerDemoLessons(tx: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    insert into demo_content (table_name, row_id, original)
    select 'beginner_map_lessons', id, jsonb_build_object('title', title, 'description', description,
      'video_url', video_url, 'link_url', link_url)
    from beginner_map_lessons where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    on conflict do nothing`);
}

/** True once the demo content was removed (the seed never runs again). */
export async function wasDemoContentRemoved(db: DbOrTx): Promise<boolean> {
  const { rows } = await db.execute<{ removed: boolean }>(
    sql`select exists (select 1 from demo_content_removals) as removed`,
  );
  return rows[0]?.removed ?? false;
}

/** How many rows of each kind are still registered as demo (cheap: the readiness check). */
export async function demoRowsByTable(db: DbOrTx): Promise<Partial<Record<DemoContentTable, number>>> {
  const { rows } = await db.execute<{ table_name: DemoContentTable; n: number }>(
    sql`select table_name, count(*)::int as n from demo_content group by table_name`,
  );
  return Object.fromEntries(rows.map((r) => [r.table_name, r.n]));
}

const registered = (table: DemoContentTable, cast: 'uuid' | 'text' = 'uuid') =>
  sql.raw(
    `(select row_id${cast === 'uuid' ? '::uuid' : ''} from demo_content where table_name = '${table}')`,
  );

/** One statement's count: rows deleted, and those of them that a real member (not a demo member) made. */
async function deleted(tx: DbOrTx, statement: ReturnType<typeof sql>): Promise<{ n: number; real: number }> {
  const { rows } = await tx.execute<{ n: number; real: number }>(sql`
    with d as (${statement})
    select count(*)::int as n,
      (count(*) filter (where d.user_id is not null and d.user_id not in ${registered('users')}))::int as real
    from d`);
  return rows[0] ?? { n: 0, real: 0 };
}

export interface DeletedDemoContent {
  counts: DemoContentCounts;
  /** The stored files to remove once the transaction commits (their URLs). */
  files: string[];
  /** Dated demo calls: they may be in members' calendars, so they are deleted as a call is (a cancellation). */
  datedCalls: string[];
  /** The first São Paulo day the deleted rows counted in the owner's dashboard (null: none). */
  since: string | null;
}

/**
 * Deletes, in the caller's transaction, every row registered in demo_content and what hangs on it: the demo members
 * (their profiles, sessions, days of activity go with them), their posts and the registered ones with every comment and
 * like on them (a real member's too: counted apart), the demo offers with their likes and favourites, the submissions,
 * the welcome notice and the bell notices about deleted posts and comments, the banner, the undated calls, the demo
 * buyer's purchase, the Lastlink history, the demo members' places in closed months' rankings; puts back the lessons
 * the seed changed and nobody edited since. Returns the counts and what the caller still has to do.
 */
export async function deleteDemoRows(tx: DbOrTx): Promise<DeletedDemoContent> {
  const demoUsers = registered('users');
  const demoPosts = sql`(select id from posts where id in ${registered('posts')} or user_id in ${demoUsers})`;
  const demoOffers = sql`(select id from offers where id in ${registered('offers', 'text')} or user_id in ${demoUsers})`;
  const goneComments = sql`(select id from post_comments
    where post_id in ${demoPosts} or user_id in ${demoUsers} or id in ${registered('post_comments')})`;

  const [since] = (
    await tx.execute<{ since: string | null }>(sql`
      select to_char(min(d), 'YYYY-MM-DD') as since from (
        select min(day) as d from user_activity_days where user_id in ${demoUsers}
        union all select min((created_at at time zone ${SAO_PAULO_TIME_ZONE})::date) from posts where id in ${demoPosts}
        union all select min((created_at at time zone ${SAO_PAULO_TIME_ZONE})::date) from post_comments
          where id in ${goneComments}
        union all select min((created_at at time zone ${SAO_PAULO_TIME_ZONE})::date) from user_escalated_offers
          where id in ${registered('user_escalated_offers')} or user_id in ${demoUsers}
      ) x`)
  ).rows;

  const lessons = await tx.execute(sql`
    update beginner_map_lessons l set title = d.original->>'title', description = d.original->>'description',
      video_url = d.original->>'video_url', link_url = d.original->>'link_url'
    from demo_content d
    where d.table_name = 'beginner_map_lessons' and d.row_id = l.id and d.original is not null
      and l.updated_at is null`);
  const notifications = await deleted(
    tx,
    sql`delete from notifications where id in ${registered('notifications')}
      or subject in (select 'post:' || id from ${demoPosts} p)
      or subject in (select 'comment:' || id from ${goneComments} c)
      returning null::uuid as user_id`,
  );
  // Likes and favourites first, so each is counted (and a real member's told apart) before what cascades.
  const commentLikes = await deleted(
    tx,
    sql`delete from comment_likes where comment_id in ${goneComments} or user_id in ${demoUsers} returning user_id`,
  );
  const postLikes = await deleted(
    tx,
    sql`delete from post_likes where post_id in ${demoPosts} or user_id in ${demoUsers} returning user_id`,
  );
  const offerLikes = await deleted(
    tx,
    sql`delete from offer_likes where offer_id in ${demoOffers} or user_id in ${demoUsers} returning user_id`,
  );
  const favorites = await deleted(
    tx,
    sql`delete from favorites where offer_id in ${demoOffers} or user_id in ${demoUsers} returning user_id`,
  );
  const comments = await deleted(
    tx,
    sql`delete from post_comments where id in ${goneComments} returning user_id`,
  );
  const posts = await deleted(
    tx,
    sql`delete from posts where id in ${demoPosts} returning null::uuid as user_id`,
  );
  const files = (
    await tx.execute<{ url: string }>(sql`select row_id as url from demo_content where table_name = 'files'`)
  ).rows.map((r) => r.url);
  const offers = await deleted(
    tx,
    sql`delete from offers where id in ${demoOffers} returning null::uuid as user_id`,
  );
  const submissions = await deleted(
    tx,
    sql`delete from user_escalated_offers where id in ${registered('user_escalated_offers')}
      or user_id in ${demoUsers} returning null::uuid as user_id`,
  );
  // Closed months keep their places as announced, without the demo members.
  await tx.execute(sql`
    update ranking_months set entries = coalesce((
      select jsonb_agg(e order by ord) from jsonb_array_elements(entries) with ordinality as x(e, ord)
      where (e->>'id') not in (select row_id from demo_content where table_name = 'users')), '[]'::jsonb)
    where exists (select 1 from jsonb_array_elements(entries) e
      where (e->>'id') in (select row_id from demo_content where table_name = 'users'))`);
  const members = await deleted(
    tx,
    sql`delete from users where id in ${demoUsers} returning null::uuid as user_id`,
  );
  const banners = await deleted(
    tx,
    sql`delete from banners where id in ${registered('banners')} returning null::uuid as user_id`,
  );
  const purchases = await deleted(
    tx,
    sql`delete from confirmed_purchases where id in ${registered('confirmed_purchases')}
      returning null::uuid as user_id`,
  );
  const webhookEvents = await deleted(
    tx,
    sql`delete from webhook_events where id in ${registered('webhook_events')} returning null::uuid as user_id`,
  );
  // An undated call was never in a calendar feed: it goes now; a dated one is the caller's (a cancellation).
  const undatedCalls = await deleted(
    tx,
    sql`delete from live_calls where id in ${registered('live_calls')} and call_date is null and deleted_at is null
      returning null::uuid as user_id`,
  );
  const datedCalls = (
    await tx.execute<{ id: string }>(
      sql`select id from live_calls where id in ${registered('live_calls')} and deleted_at is null`,
    )
  ).rows.map((r) => r.id);
  await tx.execute(sql`delete from demo_content`);

  return {
    counts: {
      members: members.n,
      offers: offers.n,
      submissions: submissions.n,
      posts: posts.n,
      comments: comments.n,
      likes: commentLikes.n + postLikes.n + offerLikes.n,
      favorites: favorites.n,
      lessons: lessons.rowCount ?? 0,
      liveCalls: undatedCalls.n + datedCalls.length,
      notifications: notifications.n,
      webhookEvents: webhookEvents.n,
      purchases: purchases.n,
      banners: banners.n,
      files: files.length,
      realComments: comments.real,
      realLikes: commentLikes.real + postLikes.real + offerLikes.real,
      realFavorites: favorites.real,
    },
    files,
    datedCalls,
    since: since?.since ?? null,
  };
}

/** Records a removal (the demo is never seeded again). */
export async function recordDemoRemoval(tx: DbOrTx, counts: DemoContentCounts): Promise<void> {
  await tx.execute(
    sql`insert into demo_content_removals (removed_at, counts) values (clock_timestamp(), ${JSON.stringify(counts)}::jsonb)`,
  );
}
