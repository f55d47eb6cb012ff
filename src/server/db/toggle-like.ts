import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** What a like is on: offers, posts and comments have the same shape (a like table and a like_count column). */
export interface LikeTarget {
  /** The liked table (its rows have `id`, `user_id` of the author and `like_count`). */
  table: string;
  /** The like table: one row per (target, user), unique on (`key`, `user_id`). */
  likes: string;
  /** The like table's column naming the target. */
  key: string;
  /** Which rows of `table` the member may like (visibility, kind); `sql\`true\`` for all. */
  likeable: SQL;
  /** Points a like from someone else gives the target's author (0: none). */
  pointsPerLike: number;
}

export interface LikeToggle {
  liked: boolean;
  likeCount: number;
}

const id = (name: string) => sql.identifier(name);

/**
 * Likes the target, or takes the like back when the member already liked it, in one statement (one round trip,
 * atomic on its own): the like row, the target's like_count and the author's points (never below 0; liking your own
 * target earns nothing). The target row is held (FOR KEY SHARE) against a deletion running at the same time: the
 * like waits for it and answers "not found", or the deletion waits for the like. The unique (target, user) index
 * decides races, and the counters move by what was really inserted or deleted.
 */
function toggleStatement(target: LikeTarget, userId: string, targetId: string) {
  const [table, likes, key] = [id(target.table), id(target.likes), id(target.key)];
  return sql`
  with o as (
    select id, user_id from ${table} where id = ${targetId} and (${target.likeable}) for key share
  ), ins as (
    insert into ${likes} (${key}, user_id) select id, ${userId} from o
    on conflict do nothing
    returning ${key}
  ), del as (
    delete from ${likes} l using o
    where l.${key} = o.id and l.user_id = ${userId} and not exists (select 1 from ins)
    returning l.${key}
  ), delta as (
    select (select count(*) from ins)::int - (select count(*) from del)::int as d
  ), counted as (
    update ${table} set like_count = greatest(like_count + (select d from delta), 0)
    where id = (select id from o) and (select d from delta) <> 0
    returning like_count
  ), points as (
    -- Runs whether or not it is read (PostgreSQL executes every data-modifying CTE).
    update users set points = greatest(points + (select d from delta) * ${target.pointsPerLike}::int, 0)
    where id = (select user_id from o) and id <> ${userId} and (select d from delta) <> 0
      and ${target.pointsPerLike}::int <> 0
  )
  select exists (select 1 from o) as found, (select d from delta) as delta,
    (select like_count from counted) as like_count`;
}

/** The member's like and the count as they are now (after a race the statement above could not settle). */
function currentStatement(target: LikeTarget, userId: string, targetId: string) {
  const [table, likes, key] = [id(target.table), id(target.likes), id(target.key)];
  return sql`
  select exists (select 1 from ${likes} where ${key} = ${targetId} and user_id = ${userId}) as liked,
    (select like_count from ${table} where id = ${targetId}) as like_count`;
}

/** The like toggled for `userId`: the new state and count, or undefined when the target is not there to like. */
export async function toggleLike(
  db: DbOrTx,
  target: LikeTarget,
  userId: string,
  targetId: string,
): Promise<LikeToggle | undefined> {
  const { rows } = await db.execute<{ found: boolean; delta: number; like_count: number | null }>(
    toggleStatement(target, userId, targetId),
  );
  const row = rows[0];
  if (!row?.found) return undefined;
  if (row.delta !== 0) return { liked: row.delta > 0, likeCount: row.like_count ?? 0 };
  // Another request of the same member committed a like or an unlike after this statement's snapshot: nothing
  // changed here; answer the state as it is now.
  const now = (
    await db.execute<{ liked: boolean; like_count: number | null }>(
      currentStatement(target, userId, targetId),
    )
  ).rows[0];
  return { liked: now?.liked ?? false, likeCount: now?.like_count ?? 0 };
}
