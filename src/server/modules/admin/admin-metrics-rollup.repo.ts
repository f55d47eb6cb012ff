import { type SQL, sql } from 'drizzle-orm';
import { SAO_PAULO_TIME_ZONE as TZ } from '../../../shared/sao-paulo-month';
import type { Db, DbOrTx } from '../../db/client';

/**
 * The owner's dashboard reads small per-day rollups, kept by whichever instance answers it first (one at a time: a
 * transaction advisory lock), so a year of 50,000 members answers in milliseconds:
 * - `metrics_days`: what the membership events of each São Paulo day add up to (counts, revenue, paying plans started
 *   and stopped), changed by what each new event changes (foldPendingEvents).
 * - `metrics_buyers` (first payment) and `metrics_cohort_points` (a cohort's buyers still paying n months after it,
 *   kept once that moment has passed and dropped when an event of one of its buyers dated before it arrives).
 * - `metrics_active_days` and `metrics_tool_days`: each ended day's active members and tool uses, written once; today's
 *   are counted live.
 */

export const PAYS = sql`('purchase_order_confirmed', 'recurrent_payment')`;
export const ENDS = sql`('subscription_canceled', 'subscription_expired', 'payment_refund', 'payment_chargeback')`;
/** The retention points of every cohort: paying 1, 2, 3 and 6 months after the cohort's month ended. */
export const COHORT_AFTER = [1, 2, 3, 6] as const;

/** The São Paulo day whose end includes the instant (a change at midnight belongs to the day before). */
const changeDay = (t: SQL) => sql`(((${t}) - interval '1 microsecond') at time zone ${TZ})::date`;
/** The first instant of a São Paulo day ('YYYY-MM-DD' or a date expression). */
const dayStart = (d: SQL) => sql`((${d})::date::timestamp at time zone ${TZ})`;
/** The moment a cohort point is taken: the end of month `month` + `after`. */
const checkpoint = (month: SQL, after: SQL) =>
  sql`(((${month})::date + make_interval(months => (${after}) + 1))::timestamp at time zone ${TZ})`;

export interface RollupNeeds {
  /** Ended days of the period ('YYYY-MM-DD', both included); null when none has ended. */
  closed: { from: string; to: string; count: number } | null;
  /** Cohort months of the period (their 1st days) and how many of their points have been taken by now. */
  cohorts: { from: string; to: string; takenPoints: number };
}

/**
 * Brings the rollups up to date for the period: events not yet folded in, ended days and cohort points missing. A
 * reader waits for the instance already doing it (then finds it done); the background warm-up (`wait: false`) leaves it
 * to that instance. Returns whether this call did the work.
 */
export async function ensureMetricsRollups(
  db: Db,
  needs: RollupNeeds,
  options: { wait?: boolean } = {},
): Promise<boolean> {
  if (!(await rollupsBehind(db, needs))) return false;
  return db.transaction(async (tx) => {
    const key = sql`hashtext('clube_escala_metrics_rollups')`;
    if (options.wait === false) {
      const { rows } = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${key}) as ok`);
      if (!rows[0]?.ok) return false;
    } else {
      await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
    }
    await foldPendingEvents(tx);
    if (needs.closed) await fillEndedDays(tx, needs.closed.from, needs.closed.to);
    await fillCohortPoints(tx, needs.cohorts.from, needs.cohorts.to);
    return true;
  });
}

async function rollupsBehind(db: DbOrTx, needs: RollupNeeds): Promise<boolean> {
  const { closed, cohorts } = needs;
  const { rows } = await db.execute<{ pending: boolean; days: number; points: number }>(sql`
    select exists (select 1 from membership_events where pending) as pending,
      ${closed ? sql`(select count(*)::int from metrics_active_days where day between ${closed.from} and ${closed.to})` : sql`0`} as days,
      (select count(*)::int from metrics_cohort_points where month between ${cohorts.from} and ${cohorts.to}) as points
  `);
  const row = rows[0]!;
  return row.pending || row.days < (closed?.count ?? 0) || row.points < cohorts.takenPoints;
}

/**
 * Folds the events not yet counted into the rollups. Each new event adds its counts to its day; each buyer with a new
 * event adds the paying changes of their events as they are now folded, less those of their events folded before (a
 * payment opens "paying" until that buyer's next event; an ending at the same instant comes after the payment). The
 * cost follows the buyers with new events, however late the events are dated.
 */
async function foldPendingEvents(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`create temp table metrics_new (event_id uuid primary key) on commit drop`);
  await tx.execute(
    sql`create temp table metrics_changed (email text primary key, since timestamptz not null) on commit drop`,
  );
  const folded = await tx.execute(sql`
    with done as (update membership_events set pending = false where pending returning event_id)
    insert into metrics_new select event_id from done
  `);
  if (!folded.rowCount) return;
  await tx.execute(sql`
    insert into metrics_changed
    select e.email, min(e.at) from membership_events e join metrics_new n on n.event_id = e.event_id group by e.email
  `);
  // Temporary tables have no statistics until analyzed: without them a few changed buyers may be planned as many.
  await tx.execute(sql`analyze metrics_new`);
  await tx.execute(sql`analyze metrics_changed`);

  // A cohort point stays right unless one of its buyers has an event dated before it: drop those, under the buyers'
  // cohorts before and after their first payment is recomputed (a late first payment moves a buyer to another month).
  const dropPoints = sql`
    delete from metrics_cohort_points p using metrics_changed c, metrics_buyers b
    where b.email = c.email and p.month = date_trunc('month', b.first_payment_at at time zone ${TZ})::date
      and c.since < ${checkpoint(sql`p.month`, sql`p.after`)}`;
  await tx.execute(dropPoints);
  await tx.execute(sql`
    insert into metrics_buyers (email, first_payment_at)
    select e.email, min(e.at) from membership_events e join metrics_changed c on c.email = e.email
    where e.kind in ${PAYS} and not e.pending group by e.email
    on conflict (email) do update set first_payment_at = excluded.first_payment_at
  `);
  await tx.execute(dropPoints);

  const changesOf = (events: SQL, sign: number) => sql`(
    with seg as (
      select e.kind, e.plan, e.at,
        lead(e.at) over (partition by e.email order by e.at, (e.kind in ${ENDS})) as until
      from ${events} e
    )
    select ${changeDay(sql`at`)} as day, plan, ${sign}::int as n from seg where kind in ${PAYS}
    union all
    select ${changeDay(sql`until`)}, plan, ${-sign}::int from seg where kind in ${PAYS} and until is not null
  )`;
  const ofChanged = sql`membership_events e0 join metrics_changed c on c.email = e0.email where not e0.pending`;
  await tx.execute(sql`
    with now_folded as (select e0.* from ${ofChanged}),
    before as (select e0.* from ${ofChanged} and not exists (select 1 from metrics_new n where n.event_id = e0.event_id)),
    paying as (
      select day,
        sum(n) filter (where plan = 'mentoria-mensal') as mensal,
        sum(n) filter (where plan = 'mentoria-semestral') as semestral,
        sum(n) filter (where plan not in ('mentoria-mensal', 'mentoria-semestral')) as other
      from (select * from ${changesOf(sql`now_folded`, 1)} a union all select * from ${changesOf(sql`before`, -1)} b) x
      group by day
    ),
    counts as (
      select e.day,
        count(*) filter (where e.kind = 'purchase_order_confirmed') as purchases,
        count(*) filter (where e.kind = 'subscription_canceled') as cancellations,
        count(*) filter (where e.kind = 'subscription_expired') as expiries,
        count(*) filter (where e.kind in ('payment_refund', 'payment_chargeback')) as refunds,
        sum(e.amount_cents) filter (where e.kind in ${PAYS}) as revenue,
        count(*) filter (where e.kind in ${PAYS} and e.amount_cents is null and e.plan = 'mentoria-mensal') as unpriced_mensal,
        count(*) filter (where e.kind in ${PAYS} and e.amount_cents is null and e.plan = 'mentoria-semestral') as unpriced_semestral
      from membership_events e join metrics_new n on n.event_id = e.event_id group by e.day
    )
    insert into metrics_days as m (day, purchases, cancellations, expiries, refunds, revenue_cents, unpriced_mensal,
      unpriced_semestral, paying_mensal, paying_semestral, paying_other)
    select coalesce(c.day, p.day), coalesce(c.purchases, 0), coalesce(c.cancellations, 0), coalesce(c.expiries, 0),
      coalesce(c.refunds, 0), coalesce(c.revenue, 0), coalesce(c.unpriced_mensal, 0), coalesce(c.unpriced_semestral, 0),
      coalesce(p.mensal, 0), coalesce(p.semestral, 0), coalesce(p.other, 0)
    from counts c full join paying p on p.day = c.day
    on conflict (day) do update set
      purchases = m.purchases + excluded.purchases,
      cancellations = m.cancellations + excluded.cancellations,
      expiries = m.expiries + excluded.expiries,
      refunds = m.refunds + excluded.refunds,
      revenue_cents = m.revenue_cents + excluded.revenue_cents,
      unpriced_mensal = m.unpriced_mensal + excluded.unpriced_mensal,
      unpriced_semestral = m.unpriced_semestral + excluded.unpriced_semestral,
      paying_mensal = m.paying_mensal + excluded.paying_mensal,
      paying_semestral = m.paying_semestral + excluded.paying_semestral,
      paying_other = m.paying_other + excluded.paying_other
  `);
}

/** Writes the ended days of [from, to] that have no row yet (active members and tool uses). */
async function fillEndedDays(tx: DbOrTx, from: string, to: string): Promise<void> {
  const missing = await tx.execute<{ lo: string | null; hi: string | null }>(sql`
    select to_char(min(d), 'YYYY-MM-DD') as lo, to_char(max(d), 'YYYY-MM-DD') as hi
    from generate_series(${from}::date, ${to}::date, interval '1 day') d
    where not exists (select 1 from metrics_active_days a where a.day = d::date)
  `);
  const { lo, hi } = missing.rows[0]!;
  if (!lo || !hi) return;
  await tx.execute(sql`
    insert into metrics_active_days (day, active1d, active7d, active30d)
    select day::date, active1d, active7d, active30d from (${activeMembersByDay(lo, hi)}) a
    on conflict (day) do nothing
  `);
  await tx.execute(sql`
    insert into metrics_tool_days (day, tool, count)
    select day::date, tool, count from (${toolUseByDay(lo, hi)}) u
    on conflict (day, tool) do nothing
  `);
}

/**
 * Per São Paulo day of [lo, hi], the members (not the administrator) who opened the club in the 1, 7 and 30 days
 * ending with it: the days in user_activity_days, plus, before its first day (the time before it existed), what
 * sessions tell (a session is renewed on use at most hourly to 30 days ahead, so its last use is its expiry less 30
 * days). Each day a member opened
 * the club covers the n days from it; a member counts once where their covers overlap (+1 where a run of covers
 * starts, −1 where it ends, summed up to each day).
 */
export function activeMembersByDay(lo: string, hi: string): SQL {
  const lastUse = sql`(s.expire - interval '30 days')`;
  return sql`
    with act as (
      select a.user_id, a.day from (
        select user_id, day from user_activity_days where day between ${lo}::date - 29 and ${hi}::date
        union
        select s.user_id, (${lastUse} at time zone ${TZ})::date from sessions s
        where ${lastUse} >= ${dayStart(sql`${lo}::date - 29`)} and ${lastUse} < ${dayStart(sql`${hi}::date + 1`)}
          and ${lastUse} < coalesce(${dayStart(sql`(select min(day) from user_activity_days)`)}, 'infinity')
      ) a join users u on u.id = a.user_id where u.role <> 'admin'
    ),
    runs as (
      select day, day - lag(day) over w as gap_before, lead(day) over w - day as gap_after
      from act window w as (partition by user_id order by day)
    ),
    changes as (
      select day, 1 as d1, 0 as d7, 0 as d30 from runs
      union all select day + 1, -1, 0, 0 from runs
      union all select day, 0, 1, 0 from runs where gap_before is null or gap_before >= 7
      union all select day + 7, 0, -1, 0 from runs where gap_after is null or gap_after >= 7
      union all select day, 0, 0, 1 from runs where gap_before is null or gap_before >= 30
      union all select day + 30, 0, 0, -1 from runs where gap_after is null or gap_after >= 30
    ),
    per_day as (select day, sum(d1) as d1, sum(d7) as d7, sum(d30) as d30 from changes group by day),
    grid as (
      select g.day, sum(coalesce(p.d1, 0)) over w as a1, sum(coalesce(p.d7, 0)) over w as a7,
        sum(coalesce(p.d30, 0)) over w as a30
      from (select d::date as day from generate_series(${lo}::date - 29, ${hi}::date, interval '1 day') d) g
      left join per_day p on p.day = g.day
      window w as (order by g.day)
    )
    select to_char(day, 'YYYY-MM-DD') as day, a1::int as active1d, a7::int as active7d, a30::int as active30d
    from grid where day between ${lo}::date and ${hi}::date`;
}

/**
 * Today's active members over 1, 7 and 30 days: those whose latest day in user_activity_days (metrics_last_active) is
 * within them (nobody has a day after today), not the administrator.
 */
export function activeMembersToday(today: string): SQL {
  return sql`
    select ${today} as day, (count(*) filter (where l.day >= ${today}::date))::int as active1d,
      (count(*) filter (where l.day >= ${today}::date - 6))::int as active7d, count(*)::int as active30d
    from metrics_last_active l
    where l.day >= ${today}::date - 29 and l.user_id not in (select id from users where role = 'admin')`;
}

/** Uses of each tool per São Paulo day of [lo, hi] (tool names: METRICS_TOOLS). */
export function toolUseByDay(lo: string, hi: string): SQL {
  const within = sql`created_at >= ${dayStart(sql`${lo}`)} and created_at < ${dayStart(sql`${hi}::date + 1`)}`;
  return sql`
    select to_char((at at time zone ${TZ})::date, 'YYYY-MM-DD') as day, tool, count(*)::int as count from (
      select 'slugChecks' as tool, created_at as at from slug_scans where ${within}
      union all select 'clones', created_at from website_clones where ${within}
      union all select case tool when 'optimizer' then 'optimizerRuns' else 'validatorRuns' end, created_at
        from tool_runs where ${within}
      union all select 'posts', created_at from posts where ${within}
      union all select 'comments', created_at from post_comments where ${within}
      union all select 'offersSubmitted', created_at from user_escalated_offers where ${within}
    ) u group by 1, 2`;
}

/** Takes the cohort points of the months [from, to] whose moment has passed and that are not kept yet. */
async function fillCohortPoints(tx: DbOrTx, from: string, to: string): Promise<void> {
  const after = sql.join(
    COHORT_AFTER.map((n) => sql`(${n}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into metrics_cohort_points (month, after, retained)
    select m.month, a.after, (
      select count(*)::int from metrics_buyers b
      where b.first_payment_at >= ${dayStart(sql`m.month`)}
        and b.first_payment_at < ${dayStart(sql`m.month + interval '1 month'`)}
        and (select e.kind in ${PAYS} from membership_events e
             where e.email = b.email and e.at <= ${checkpoint(sql`m.month`, sql`a.after`)}
             order by e.at desc, (e.kind in ${ENDS}) desc limit 1)
    )
    from (select d::date as month from generate_series(${from}::date, ${to}::date, interval '1 month') d) m
    cross join (values ${after}) a(after)
    where ${checkpoint(sql`m.month`, sql`a.after`)} <= now()
      and not exists (select 1 from metrics_cohort_points p where p.month = m.month and p.after = a.after)
    on conflict (month, after) do nothing
  `);
}

/**
 * Forgets what the rollups hold of rows that were deleted (the demo content's Lastlink history, members, posts), so the
 * next read rebuilds it from what is left: every membership event is folded again from scratch (the folding only ever
 * adds), and the ended days from `since` on (a São Paulo day, 'YYYY-MM-DD') are counted again. Same lock as the
 * rollups' writers.
 */
export async function forgetMetricsRollups(tx: DbOrTx, since: string | null): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('clube_escala_metrics_rollups'))`);
  await tx.execute(sql`delete from metrics_days`);
  await tx.execute(sql`delete from metrics_buyers`);
  await tx.execute(sql`delete from metrics_cohort_points`);
  await tx.execute(sql`update membership_events set pending = true where not pending`);
  if (since) {
    await tx.execute(sql`delete from metrics_active_days where day >= ${since}::date`);
    await tx.execute(sql`delete from metrics_tool_days where day >= ${since}::date`);
  }
}
