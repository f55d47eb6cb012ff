import { type SQL, sql } from 'drizzle-orm';
import type { AdminMetrics, MetricsInterval } from '../../../shared/schemas/admin-metrics';
import type { DbOrTx } from '../../db/client';

const TZ = 'America/Sao_Paulo';
const PURCHASES = sql`('purchase_order_confirmed', 'recurrent_payment')`;
const ENDS = sql`('subscription_canceled', 'subscription_expired', 'payment_refund', 'payment_chargeback')`;

/** A payload's ISO date-time as timestamptz, or null when it is absent or not a plain ISO date-time. */
const isoOrNull = (text: SQL) =>
  sql`case when ${text} ~ '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])[T ]([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d+)?)?(Z|[+-]\\d{2}(:?\\d{2})?)?$' then (${text})::timestamptz end`;

/**
 * The Lastlink events that move money or membership, each dated by what it carries: a payment by its PaymentDate,
 * an ending by the event's CreatedAt; the arrival time only when the payload has none. Test deliveries are left out;
 * repeats were never stored twice (unique Lastlink Id).
 */
function eventsCte(prices: { mensal: number; semestral: number }) {
  return sql`ev as (
    select k, email, plan, at, amount,
      case plan when 'mentoria-semestral' then round(${prices.semestral}::numeric / 6)
                when 'mentoria-mensal' then ${prices.mensal}::numeric else 0 end as monthly
    from (
      select lower(we.event_type) as k, we.buyer_email as email,
        coalesce(we.plan_type, 'mentoria-mensal') as plan,
        case when lower(we.event_type) in ${PURCHASES}
          then coalesce(${isoOrNull(sql`(we.raw_data::jsonb #>> '{Data,Purchase,PaymentDate}')`)},
                        ${isoOrNull(sql`(we.raw_data::jsonb ->> 'CreatedAt')`)}, we.received_at)
          else coalesce(${isoOrNull(sql`(we.raw_data::jsonb ->> 'CreatedAt')`)}, we.received_at) end as at,
        case when (we.raw_data::jsonb #>> '{Data,Purchase,Price,Value}') ~ '^\\d{1,9}(\\.\\d+)?$'
          then round((we.raw_data::jsonb #>> '{Data,Purchase,Price,Value}')::numeric * 100)
          else case coalesce(we.plan_type, 'mentoria-mensal') when 'mentoria-semestral' then ${prices.semestral}::numeric
               when 'mentoria-mensal' then ${prices.mensal}::numeric else 0 end end as amount
      from webhook_events we
      where not we.is_test and we.buyer_email is not null
        and lower(we.event_type) in ('purchase_order_confirmed', 'recurrent_payment', 'subscription_canceled',
          'subscription_expired', 'payment_refund', 'payment_chargeback')
    ) raw
  )`;
}

/** Paying buyers and their monthly value at instant `t`: those whose latest event at or before `t` is a payment. */
const payingAt = (t: SQL) => sql`(
  select count(*)::int as n, coalesce(sum(monthly), 0)::bigint as mrr from (
    select distinct on (email) email, k, monthly from ev where at <= ${t}
    order by email, at desc, (k in ${ENDS}) desc
  ) last where k in ${PURCHASES}
)`;

export interface MetricsInput {
  from: string;
  to: string;
  interval: MetricsInterval;
  prices: { mensal: number; semestral: number };
}

type Row = Record<string, number | string | null>;

export async function loadAdminMetrics(db: DbOrTx, input: MetricsInput): Promise<AdminMetrics> {
  const { from, to, interval, prices } = input;
  const step = interval === 'day' ? sql`interval '1 day'` : sql`interval '1 month'`;
  const first = interval === 'day' ? sql`${from}::date` : sql`date_trunc('month', ${from}::date)::date`;
  const ev = eventsCte(prices);
  const spDay = (col: SQL) => sql`(${col} at time zone ${TZ})::date`;
  // Every point costs a sum over a few hundred daily rows, not a pass over the events: each buyer's events become
  // segments (a payment opens "paying" until that buyer's next event, an ending opens "not paying"), each paying
  // segment is +1 (and its monthly value) when it starts and −1 when it ends, summed per instant key: the first bucket
  // end at or after it (the São Paulo day after the instant less a microsecond). A point at `e` adds every key up to e.
  const seriesRows = await db.execute<Row>(sql`
    with ${ev},
    buckets as (
      select b::date as date, greatest(b::date, ${from}::date) as s,
        least((b + ${step})::date, ${to}::date + 1) as e
      from generate_series(${first}, ${to}::date, ${step}) b
    ),
    pts as (select date, s, e, least((e::timestamp at time zone ${TZ}), now()) as t from buckets),
    seg as (
      select k, monthly, at,
        lead(at) over (partition by email order by at, (k in ${ENDS})) as until
      from ev
    ),
    delta as (
      select at as time, 1 as n, monthly as m from seg where k in ${PURCHASES}
      union all
      select until, -1, -monthly from seg where k in ${PURCHASES} and until is not null
    ),
    delta_day as (
      select (((time - interval '1 microsecond') at time zone ${TZ})::date + 1) as key, sum(n) as n, sum(m) as m
      from delta group by 1
    ),
    daily as (
      select ${spDay(sql`at`)} as day,
        count(*) filter (where k = 'purchase_order_confirmed') as purchases,
        count(*) filter (where k = 'subscription_canceled') as cancellations,
        count(*) filter (where k = 'subscription_expired') as expiries,
        count(*) filter (where k in ('payment_refund', 'payment_chargeback')) as refunds,
        coalesce(sum(amount) filter (where k in ${PURCHASES}), 0) as revenue
      from ev group by 1
    )
    select to_char(p.date, 'YYYY-MM-DD') as date,
      (select coalesce(sum(n), 0) from delta_day where key <= p.e)::int as "payingMembers",
      (select coalesce(sum(m), 0) from delta_day where key <= p.e)::int as "mrrCents",
      coalesce(d.purchases, 0)::int as "newPurchases",
      coalesce(d.cancellations, 0)::int as "cancellations",
      coalesce(d.expiries, 0)::int as "expiries",
      coalesce(d.refunds, 0)::int as "refunds",
      coalesce(d.revenue, 0)::int as "revenueCents",
      ${activeAt(sql`p.t`, sql`p.e`, 1)} as "activeMembers1d",
      ${activeAt(sql`p.t`, sql`p.e`, 7)} as "activeMembers7d",
      ${activeAt(sql`p.t`, sql`p.e`, 30)} as "activeMembers30d"
    from pts p
    left join lateral (
      select sum(purchases) as purchases, sum(cancellations) as cancellations, sum(expiries) as expiries,
        sum(refunds) as refunds, sum(revenue) as revenue
      from daily where day >= p.s and day < p.e
    ) d on true
    order by p.date
  `);

  const churnRows = await db.execute<Row>(sql`
    with ${ev},
    months as (
      select m::date as m, (m::timestamp at time zone ${TZ}) as start,
        ((m + interval '1 month')::timestamp at time zone ${TZ}) as stop
      from generate_series(date_trunc('month', ${from}::date), ${to}::date, interval '1 month') m
    )
    select to_char(mo.m, 'YYYY-MM') as month, pay.n as base,
      (select count(distinct email) from ev where k in ('subscription_canceled', 'subscription_expired')
        and at >= mo.start and at < mo.stop)::int as ended
    from months mo, lateral ${payingAt(sql`mo.start`)} pay
    order by mo.m
  `);

  const cohortRows = await db.execute<Row>(sql`
    with ${ev},
    firsts as (select email, min(at) as at from ev where k in ${PURCHASES} group by email),
    months as (
      select m::date as m from generate_series(date_trunc('month', ${from}::date), ${to}::date, interval '1 month') m
    )
    select to_char(mo.m, 'YYYY-MM') as month, c.size,
      ${retainedAfter(1)} as r1, ${retainedAfter(2)} as r2, ${retainedAfter(3)} as r3, ${retainedAfter(6)} as r6
    from months mo, lateral (
      select count(*)::int as size, coalesce(array_agg(email), '{}') as emails from firsts
      where ${spDay(sql`firsts.at`)} >= mo.m and ${spDay(sql`firsts.at`)} < (mo.m + interval '1 month')::date
    ) c
    order by mo.m
  `);

  const toolRows = await db.execute<Row>(sql`
    with uses as (
      select 'slugChecks' as tool, created_at as at from slug_scans
      union all select 'clones', created_at from website_clones
      union all select 'posts', created_at from posts
      union all select 'comments', created_at from post_comments
      union all select 'offersSubmitted', created_at from user_escalated_offers
    )
    select to_char(date_trunc('week', ${spDay(sql`at`)})::date, 'YYYY-MM-DD') as week, tool, count(*)::int as count
    from uses
    where at >= (${from}::date::timestamp at time zone ${TZ}) and at < ((${to}::date + 1)::timestamp at time zone ${TZ})
    group by 1, 2 order by 1, 2
  `);

  const keys = [
    'payingMembers',
    'newPurchases',
    'cancellations',
    'expiries',
    'refunds',
    'revenueCents',
    'mrrCents',
    'activeMembers1d',
    'activeMembers7d',
    'activeMembers30d',
  ] as const;
  const series = Object.fromEntries(
    keys.map((key) => [key, seriesRows.rows.map((r) => ({ date: String(r.date), value: Number(r[key]) }))]),
  ) as AdminMetrics['series'];
  return {
    from,
    to,
    interval,
    series,
    churnByMonth: churnRows.rows.map((r) => ({
      month: String(r.month),
      rate: Number(r.base) > 0 ? Math.round((Number(r.ended) / Number(r.base)) * 10_000) / 10_000 : null,
    })),
    cohorts: cohortRows.rows.map((r) => ({
      month: String(r.month),
      size: Number(r.size),
      retained: [r.r1, r.r2, r.r3, r.r6].map((v) => (v === null ? null : Number(v))),
    })),
    toolUse: toolRows.rows.map((r) => ({
      week: String(r.week),
      tool: String(r.tool),
      count: Number(r.count),
    })),
  };
}

/**
 * Members (not the administrator) who opened the club in the `days` São Paulo days ending with the bucket's last day
 * (`e` is the day after it): the days recorded in user_activity_days, plus what sessions still tell (a session is
 * renewed on use at most hourly to 30 days ahead, so its last use is its expiry minus 30 days) for the time before.
 */
function activeAt(t: SQL, e: SQL, days: number) {
  return sql`(select count(distinct a.user_id)::int from (
      select d.user_id from user_activity_days d where d.day >= ${e} - ${days}::int and d.day < ${e}
      union
      select s.user_id from sessions s where s.expire - interval '30 days' > ${t} - ${`${days} days`}::interval
        and s.expire - interval '30 days' <= ${t}
    ) a join users u on u.id = a.user_id where u.role <> 'admin')`;
}

/** Of the cohort's buyers, how many were paying at the end of month M + n; null while that moment is to come. */
function retainedAfter(n: number) {
  const at = sql`((mo.m + ${`${n + 1} months`}::interval)::timestamp at time zone ${TZ})`;
  return sql`case when ${at} > now() then null else (
    select count(*)::int from (
      select distinct on (email) email, k from ev where at <= ${at} and email = any(c.emails)
      order by email, at desc, (k in ${ENDS}) desc
    ) last where k in ${PURCHASES}) end`;
}
