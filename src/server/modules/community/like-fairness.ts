import { type SQL, sql } from 'drizzle-orm';
import { SAO_PAULO_TIME_ZONE } from '../../../shared/sao-paulo-month';

/**
 * The monthly ranking's fairness rules, in one place. Every like the ranking would count (likes received on
 * community posts and on offers, never one's own) in a São Paulo month is either counted or excluded with ONE
 * reason, checked in this order:
 * - 'same-device': the liker and the author signed in or registered from one browser (the device cookie,
 *   plugins/device.ts). Never a shared IP address alone.
 * - 'new-account': the like came less than NEW_ACCOUNT_DAYS after the liker's account was created.
 * - 'burst': the (BURST_LIMIT_PER_DAY + 1)-th and later likes from one member to one author's content in one São
 *   Paulo day.
 * - 'ring': the likes between two members who each liked the other at least RING_MIN_LIKES times in the month
 *   AND at least RING_AVERAGE_FACTOR times the month's average likes per liking pair (every pair of a ring of 2 to
 *   5 such members is such a pair). The month's figures use all its likes.
 * Before all of them, the administrator's decision for the author that month (ranking_overrides): 'count' counts
 * every like the member received, 'exclude' none (reason 'admin').
 */
export const NEW_ACCOUNT_DAYS = 7;
export const BURST_LIMIT_PER_DAY = 10;
export const RING_MIN_LIKES = 5;
export const RING_AVERAGE_FACTOR = 3;

/**
 * A CTE list ending in `classified_likes(liker_id, author_id, liked_at, reason)`: reason null when the like counts.
 * Use as `with ${classifiedLikes(period)} select ... from classified_likes`.
 */
export function classifiedLikes(period: { start: Date; end: Date }, month: string): SQL {
  const start = period.start.toISOString();
  const end = period.end.toISOString();
  return sql`month_likes as (
    select pl.user_id as liker_id, p.user_id as author_id, pl.created_at as liked_at
    from post_likes pl join posts p on p.id = pl.post_id
    where p.kind = 'community' and pl.user_id <> p.user_id
      and pl.created_at >= ${start}::timestamptz and pl.created_at < ${end}::timestamptz
    union all
    select ol.user_id, o.user_id, ol.created_at
    from offer_likes ol join offers o on o.id = ol.offer_id
    where o.user_id is not null and ol.user_id <> o.user_id
      and ol.created_at >= ${start}::timestamptz and ol.created_at < ${end}::timestamptz
  ),
  pair_likes as (
    select liker_id, author_id, count(*)::int as n from month_likes group by liker_id, author_id
  ),
  ring_threshold as (
    select greatest(${RING_MIN_LIKES}::numeric, ${RING_AVERAGE_FACTOR}::numeric * coalesce(avg(n), 0)) as t
    from pair_likes
  ),
  ring_pairs as (
    select a.liker_id, a.author_id
    from pair_likes a
    join pair_likes b on b.liker_id = a.author_id and b.author_id = a.liker_id
    cross join ring_threshold r
    where a.n >= r.t and b.n >= r.t
  ),
  numbered_likes as (
    select l.liker_id, l.author_id, l.liked_at, u.created_at as liker_created_at,
      row_number() over (
        partition by l.liker_id, l.author_id, (l.liked_at at time zone ${SAO_PAULO_TIME_ZONE})::date
        order by l.liked_at
      ) as nth_of_day
    from month_likes l join users u on u.id = l.liker_id
  ),
  classified_likes as (
    select n.liker_id, n.author_id, n.liked_at,
      case
        when o.decision = 'count' then null
        when o.decision = 'exclude' then 'admin'
        when exists (
          select 1 from user_devices a join user_devices b on b.device_hash = a.device_hash
          where a.user_id = n.liker_id and b.user_id = n.author_id
        ) then 'same-device'
        when n.liked_at >= n.liker_created_at
          and n.liked_at < n.liker_created_at + make_interval(days => ${NEW_ACCOUNT_DAYS}::int) then 'new-account'
        when n.nth_of_day > ${BURST_LIMIT_PER_DAY} then 'burst'
        when rp.liker_id is not null then 'ring'
      end as reason
    from numbered_likes n
    left join ring_pairs rp on rp.liker_id = n.liker_id and rp.author_id = n.author_id
    left join ranking_overrides o on o.month = ${month} and o.user_id = n.author_id
  )`;
}
