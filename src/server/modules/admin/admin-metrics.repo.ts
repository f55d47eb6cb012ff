import { sql } from 'drizzle-orm';
import { addDays, daysBetween } from '../../../shared/sao-paulo-day';
import { SAO_PAULO_TIME_ZONE as TZ } from '../../../shared/sao-paulo-month';
import type { AdminMetrics, MetricsInterval, MetricsTool } from '../../../shared/schemas/admin-metrics';
import type { Db } from '../../db/client';
import {
  activeMembersToday,
  COHORT_AFTER,
  ensureMetricsRollups,
  type RollupNeeds,
  toolUseByDay,
} from './admin-metrics-rollup.repo';

export interface MetricsInput {
  from: string;
  to: string;
  /** Today in São Paulo ('YYYY-MM-DD'); `to` is never after it. */
  today: string;
  interval: MetricsInterval;
  prices: { mensal: number; semestral: number };
}

type Row = Record<string, number | string | null>;
const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
/** A 'YYYY-MM-01' month `n` months later. */
function addMonths(month: string, n: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** What the rollups must hold to answer the period [from, to] (São Paulo days) on `today`. */
export function rollupNeeds(from: string, to: string, today: string): RollupNeeds {
  const firstMonth = firstOfMonth(from);
  const lastMonth = firstOfMonth(to);
  const closedTo = to < today ? to : addDays(today, -1);
  const currentMonth = firstOfMonth(today);
  let takenPoints = 0;
  for (let m = firstMonth; m <= lastMonth; m = addMonths(m, 1))
    takenPoints += COHORT_AFTER.filter((n) => addMonths(m, n + 1) <= currentMonth).length;
  return {
    closed: from <= closedTo ? { from, to: closedTo, count: daysBetween(from, closedTo) + 1 } : null,
    cohorts: { from: firstMonth, to: lastMonth, takenPoints },
  };
}

/**
 * The owner's dashboard from the rollups (admin-metrics-rollup.repo.ts), brought up to date first. Buckets are São
 * Paulo days or months; a month bucket is dated by its 1st and holds the period's days in it. Levels (paying, MRR,
 * active) are taken at the bucket's last day in the period; counts are summed over its days.
 */
export async function loadAdminMetrics(db: Db, input: MetricsInput): Promise<AdminMetrics> {
  const { from, to, today, interval, prices } = input;
  const firstMonth = firstOfMonth(from);
  const lastMonth = firstOfMonth(to);
  const closedTo = to < today ? to : addDays(today, -1);
  await ensureMetricsRollups(db, rollupNeeds(from, to, today));

  // Every day from the first month's eve (the churn's base) to `to`, with the paying plans summed from the start.
  const daysQuery = db.execute<Row>(sql`
    with grid as (
      select g::date as day from generate_series(
        least((select min(day) from metrics_days), ${firstMonth}::date - 1), ${to}::date, interval '1 day') g
    ),
    daily as (
      select g.day, m.purchases, m.cancellations, m.expiries, m.refunds, m.revenue_cents, m.unpriced_mensal,
        m.unpriced_semestral,
        sum(coalesce(m.paying_mensal, 0)) over w as mensal,
        sum(coalesce(m.paying_semestral, 0)) over w as semestral,
        sum(coalesce(m.paying_other, 0)) over w as other
      from grid g left join metrics_days m on m.day = g.day
      window w as (order by g.day)
    )
    select to_char(day, 'YYYY-MM-DD') as day, coalesce(purchases, 0)::int as purchases,
      coalesce(cancellations, 0)::int as cancellations, coalesce(expiries, 0)::int as expiries,
      coalesce(refunds, 0)::int as refunds, coalesce(revenue_cents, 0)::bigint as revenue,
      coalesce(unpriced_mensal, 0)::int as unpriced_mensal, coalesce(unpriced_semestral, 0)::int as unpriced_semestral,
      mensal::int, semestral::int, other::int
    from daily where day >= ${firstMonth}::date - 1
    order by day
  `);
  const activeQuery = db.execute<Row>(sql`
    select to_char(day, 'YYYY-MM-DD') as day, active1d, active7d, active30d from metrics_active_days
    where day between ${from}::date and ${closedTo}::date
    ${to >= today ? sql`union all select * from (${activeMembersToday(today)}) live` : sql``}
  `);
  const endedQuery = db.execute<Row>(sql`
    select to_char(date_trunc('month', day), 'YYYY-MM') as month, count(distinct email)::int as ended
    from membership_events
    where day >= ${firstMonth}::date and day <= ${to}::date
      and kind in ('subscription_canceled', 'subscription_expired')
    group by 1
  `);
  const cohortRowsQuery = db.execute<Row>(sql`
    with sizes as (
      select date_trunc('month', first_payment_at at time zone ${TZ})::date as month, count(*)::int as size
      from metrics_buyers
      where first_payment_at >= (${firstMonth}::date::timestamp at time zone ${TZ})
        and first_payment_at < ((${lastMonth}::date + interval '1 month')::timestamp at time zone ${TZ})
      group by 1
    )
    select to_char(m, 'YYYY-MM') as month, coalesce(s.size, 0) as size,
      ${sql.join(
        COHORT_AFTER.map(
          (n) =>
            sql`(select retained from metrics_cohort_points p where p.month = m::date and p.after = ${n}) as ${sql.raw(`r${n}`)}`,
        ),
        sql`, `,
      )}
    from generate_series(${firstMonth}::date, ${lastMonth}::date, interval '1 month') m
    left join sizes s on s.month = m::date
    order by m
  `);
  const toolsQuery = db.execute<Row>(sql`
    select to_char(date_trunc('week', day::date), 'YYYY-MM-DD') as week, tool, sum(count)::int as count from (
      select day, tool, count from metrics_tool_days where day between ${from}::date and ${closedTo}::date
      ${to >= today ? sql`union all select day::date, tool, count from (${toolUseByDay(today, today)}) live` : sql``}
    ) u
    group by 1, 2 order by 1, 2
  `);
  // Independent reads, each on its own pooled connection.
  const [days, active, ended, cohortRows, tools] = await Promise.all([
    daysQuery,
    activeQuery,
    endedQuery,
    cohortRowsQuery,
    toolsQuery,
  ]);
  const semestralMonthly = Math.round(prices.semestral / 6);
  const byDay = new Map(
    days.rows.map((r) => {
      const n = (k: string) => Number(r[k]);
      return [
        String(r.day),
        {
          newPurchases: n('purchases'),
          cancellations: n('cancellations'),
          expiries: n('expiries'),
          refunds: n('refunds'),
          revenueCents:
            n('revenue') + n('unpriced_mensal') * prices.mensal + n('unpriced_semestral') * prices.semestral,
          payingMembers: n('mensal') + n('semestral') + n('other'),
          mrrCents: n('mensal') * prices.mensal + n('semestral') * semestralMonthly,
        },
      ];
    }),
  );

  const activeByDay = new Map(active.rows.map((r) => [String(r.day), r]));

  const empty = {
    newPurchases: 0,
    cancellations: 0,
    expiries: 0,
    refunds: 0,
    revenueCents: 0,
    payingMembers: 0,
    mrrCents: 0,
  };
  const series: AdminMetrics['series'] = {
    payingMembers: [],
    newPurchases: [],
    cancellations: [],
    expiries: [],
    refunds: [],
    revenueCents: [],
    mrrCents: [],
    activeMembers1d: [],
    activeMembers7d: [],
    activeMembers30d: [],
  };
  const counts = ['newPurchases', 'cancellations', 'expiries', 'refunds', 'revenueCents'] as const;
  for (let day = from; day <= to; ) {
    const date = interval === 'day' ? day : firstOfMonth(day);
    const next = interval === 'day' ? addDays(day, 1) : addMonths(date, 1);
    const last = next <= to ? addDays(next, -1) : to;
    for (const key of counts) {
      let sum = 0;
      for (let d = day; d <= last; d = addDays(d, 1)) sum += (byDay.get(d) ?? empty)[key];
      series[key].push({ date, value: sum });
    }
    const level = byDay.get(last) ?? empty;
    series.payingMembers.push({ date, value: level.payingMembers });
    series.mrrCents.push({ date, value: level.mrrCents });
    const seen = activeByDay.get(last);
    series.activeMembers1d.push({ date, value: Number(seen?.active1d ?? 0) });
    series.activeMembers7d.push({ date, value: Number(seen?.active7d ?? 0) });
    series.activeMembers30d.push({ date, value: Number(seen?.active30d ?? 0) });
    day = addDays(last, 1);
  }

  const endedByMonth = new Map(ended.rows.map((r) => [String(r.month), Number(r.ended)]));
  const churnByMonth: AdminMetrics['churnByMonth'] = [];
  for (let m = firstMonth; m <= lastMonth; m = addMonths(m, 1)) {
    const base = byDay.get(addDays(m, -1))?.payingMembers ?? 0;
    const month = m.slice(0, 7);
    churnByMonth.push({
      month,
      rate: base > 0 ? Math.round(((endedByMonth.get(month) ?? 0) / base) * 10_000) / 10_000 : null,
    });
  }

  return {
    from,
    to,
    interval,
    series,
    churnByMonth,
    cohorts: cohortRows.rows.map((r) => ({
      month: String(r.month),
      size: Number(r.size),
      retained: COHORT_AFTER.map((n) => (r[`r${n}`] === null ? null : Number(r[`r${n}`]))),
    })),
    toolUse: tools.rows.map((r) => ({
      week: String(r.week),
      tool: String(r.tool) as MetricsTool,
      count: Number(r.count),
    })),
  };
}
