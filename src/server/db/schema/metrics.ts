import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { webhookEvents } from './webhooks';

/**
 * The Lastlink events that move money or membership, one row per stored delivery, written by the database itself
 * (trigger `webhook_events_membership` on webhook_events, function record_membership_event() in migration 0030) so
 * every way a delivery is stored (the webhook, a restore of an older backup, SQL) has its row. Dated by what the event
 * carries: a payment by its PaymentDate, a cancellation by its CanceledDate, an expiry by its ExpiredDate, else (refunds,
 * chargebacks) by its CreatedAt; the arrival time only when it carries none.
 * `amountCents`: the amount the event carries, null when it carries none (the plan's price applies). `pending`: not yet
 * folded into the owner's dashboard rollups (admin/admin-metrics-rollup.repo.ts).
 */
export const membershipEvents = pgTable(
  'membership_events',
  {
    eventId: uuid()
      .primaryKey()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    /** The Lastlink event type, lower-cased ('purchase_order_confirmed', 'subscription_canceled', …). */
    kind: text().notNull(),
    plan: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    /** `at` as a São Paulo day. */
    day: date().notNull(),
    amountCents: bigint({ mode: 'number' }),
    pending: boolean().notNull().default(true),
  },
  (t) => [
    index('membership_events_email_at_idx').on(t.email, t.at),
    index('membership_events_kind_day_idx').on(t.kind, t.day),
    index('membership_events_pending_idx').on(t.eventId).where(sql`${t.pending}`),
  ],
);

/**
 * Per São Paulo day, what the membership events of that day add up to: the counts and the revenue of the events dated
 * that day, and how many paying plans started (+) or stopped (−) during it, per plan. The paying members at the end of
 * a day are the sum of the changes up to it. Rebuilt from `membership_events` for the days a new event can change.
 */
export const metricsDays = pgTable('metrics_days', {
  day: date().primaryKey(),
  purchases: integer().notNull().default(0),
  cancellations: integer().notNull().default(0),
  expiries: integer().notNull().default(0),
  /** Refunds and chargebacks. */
  refunds: integer().notNull().default(0),
  /** Payments (purchases and renewals) that carried their amount: its sum in cents. */
  revenueCents: bigint({ mode: 'number' }).notNull().default(0),
  /** Payments that carried no amount, per plan (the plan's current price applies). */
  unpricedMensal: integer().notNull().default(0),
  unpricedSemestral: integer().notNull().default(0),
  payingMensal: integer().notNull().default(0),
  payingSemestral: integer().notNull().default(0),
  payingOther: integer().notNull().default(0),
});

/** Each buyer's first payment (their cohort is its São Paulo month). Buyers with no payment are not in it. */
export const metricsBuyers = pgTable(
  'metrics_buyers',
  {
    email: text().primaryKey(),
    firstPaymentAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('metrics_buyers_first_idx').on(t.firstPaymentAt)],
);

/**
 * A cohort's buyers still paying `after` months after its month ended, kept only once that moment has passed;
 * removed when an event of one of its buyers dated before that moment arrives.
 */
export const metricsCohortPoints = pgTable(
  'metrics_cohort_points',
  {
    /** The cohort's first day (a month's 1st). */
    month: date().notNull(),
    after: integer().notNull(),
    retained: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.after] })],
);

/**
 * A São Paulo day that has ended: members (not the administrator) who opened the club in the 1, 7 and 30 days ending
 * with it. Written once, after the day ends (what is recorded of a day does not change after it).
 */
export const metricsActiveDays = pgTable('metrics_active_days', {
  day: date().primaryKey(),
  active1d: integer().notNull(),
  active7d: integer().notNull(),
  active30d: integer().notNull(),
});

/**
 * Each member's latest São Paulo day in user_activity_days, kept by the database (trigger on user_activity_days): today's
 * active members over 1, 7 and 30 days are those whose latest day is within them.
 */
export const metricsLastActive = pgTable(
  'metrics_last_active',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date().notNull(),
  },
  (t) => [index('metrics_last_active_day_idx').on(t.day)],
);

/** Uses of each tool on a São Paulo day that has ended, written with the day's `metrics_active_days` row. */
export const metricsToolDays = pgTable(
  'metrics_tool_days',
  {
    day: date().notNull(),
    tool: text().notNull(),
    count: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.tool] })],
);

/** The runs of the tools that leave no other row: the campaign optimizer and the creative validator. */
export const toolRuns = pgTable(
  'tool_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    tool: text({ enum: ['optimizer', 'validator'] }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tool_runs_created_idx').on(t.createdAt),
    check('tool_runs_tool_check', sql`${t.tool} in ('optimizer', 'validator')`),
  ],
);
