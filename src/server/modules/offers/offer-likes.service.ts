import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import type { Viewer } from './offers.repo';
import { OFFER_NOT_FOUND } from './offers.service';

/**
 * Likes the offer, or takes the like back when the member already liked it, in one statement (one round trip,
 * atomic on its own): the like row, the offer's like_count and the author's points (+1/-1, never below 0; liking
 * your own offer earns nothing). The unique (offer, user) index decides races, and the counters move by what was
 * really inserted or deleted. A member may like what they may see: visible offers, any offer for the admin.
 */
const toggle = (viewer: Viewer, offerId: string) => sql`
  with o as (
    select id, user_id from offers where id = ${offerId} and (visible or ${viewer.isAdmin})
  ), ins as (
    insert into offer_likes (offer_id, user_id) select id, ${viewer.id} from o
    on conflict do nothing
    returning offer_id
  ), del as (
    delete from offer_likes l using o
    where l.offer_id = o.id and l.user_id = ${viewer.id} and not exists (select 1 from ins)
    returning l.offer_id
  ), delta as (
    select (select count(*) from ins)::int - (select count(*) from del)::int as d
  ), counted as (
    update offers set like_count = greatest(like_count + (select d from delta), 0)
    where id = (select id from o) and (select d from delta) <> 0
    returning like_count
  ), points as (
    -- Runs whether or not it is read (PostgreSQL executes every data-modifying CTE).
    update users set points = greatest(points + (select d from delta), 0)
    where id = (select user_id from o) and id <> ${viewer.id} and (select d from delta) <> 0
  )
  select exists (select 1 from o) as found, (select d from delta) as delta,
    (select like_count from counted) as like_count`;

/** The member's like and the count as they are now (after a race the statement above could not settle). */
const current = (viewer: Viewer, offerId: string) => sql`
  select exists (select 1 from offer_likes where offer_id = ${offerId} and user_id = ${viewer.id}) as liked,
    (select like_count from offers where id = ${offerId}) as like_count`;

export async function toggleOfferLike(db: Db, viewer: Viewer, offerId: string) {
  const { rows } = await db.execute<{ found: boolean; delta: number; like_count: number | null }>(
    toggle(viewer, offerId),
  );
  const row = rows[0];
  if (!row?.found) throw new NotFoundError(OFFER_NOT_FOUND);
  if (row.delta !== 0) return { liked: row.delta > 0, likeCount: row.like_count ?? 0 };
  // Another request of the same member committed a like or an unlike after this statement's snapshot: nothing
  // changed here; answer the state as it is now.
  const now = (await db.execute<{ liked: boolean; like_count: number | null }>(current(viewer, offerId)))
    .rows[0];
  return { liked: now?.liked ?? false, likeCount: now?.like_count ?? 0 };
}
