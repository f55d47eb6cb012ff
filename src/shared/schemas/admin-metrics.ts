import { isCalendarDate } from './live-calls';
import { z } from './zod';

export const METRICS_INTERVALS = ['day', 'month'] as const;
export type MetricsInterval = (typeof METRICS_INTERVALS)[number];
/** The longest period the owner's dashboard answers (3 years of days). */
export const METRICS_MAX_DAYS = 3 * 366;
export const METRICS_DEFAULT_DAYS = 30;

/** The tools whose use the owner's dashboard counts per week, with their names on screen. */
export const METRICS_TOOL_LABELS = {
  slugChecks: 'Verificações de slug',
  clones: 'Clonagens',
  optimizerRuns: 'Otimizador',
  validatorRuns: 'Validador de criativos',
  posts: 'Posts',
  comments: 'Comentários',
  offersSubmitted: 'Ofertas enviadas',
} as const;
export type MetricsTool = keyof typeof METRICS_TOOL_LABELS;
export const METRICS_TOOLS = Object.keys(METRICS_TOOL_LABELS) as [MetricsTool, ...MetricsTool[]];

const day = z
  .string({ message: 'Data inválida: use AAAA-MM-DD.' })
  .refine(isCalendarDate, { message: 'Data inválida: use AAAA-MM-DD.' })
  .optional();

/** `GET /api/admin/metrics`: São Paulo days; both ends included; defaults: the last 30 days, per day. */
export const adminMetricsQuery = z.object({
  from: day,
  to: day,
  interval: z.enum(METRICS_INTERVALS, { message: 'Intervalo inválido: use day ou month.' }).default('day'),
});
export type AdminMetricsQuery = z.infer<typeof adminMetricsQuery>;

/** One point: `date` is the bucket's first São Paulo day ('YYYY-MM-DD'). */
const point = z.object({ date: z.string(), value: z.number().int() });
const series = z.array(point);

export const adminMetrics = z.object({
  from: z.string(),
  to: z.string(),
  interval: z.enum(METRICS_INTERVALS),
  series: z.object({
    /** Buyers paying at the end of the bucket (or now, for the bucket that holds today). */
    payingMembers: series,
    newPurchases: series,
    cancellations: series,
    expiries: series,
    /** Refunds and chargebacks. */
    refunds: series,
    /** Amount of the purchase and renewal payments in the bucket, in cents. */
    revenueCents: series,
    /** Monthly value of the plans paying at the end of the bucket, in cents (semestral = price / 6). */
    mrrCents: series,
    activeMembers1d: series,
    activeMembers7d: series,
    activeMembers30d: series,
  }),
  /** Cancelled or expired in the month over paying at the month's start; null when nobody was paying. */
  churnByMonth: z.array(z.object({ month: z.string(), rate: z.number().nullable() })),
  /** Buyers whose first purchase fell in the month, and how many were paying 1, 2, 3 and 6 months after its end. */
  cohorts: z.array(
    z.object({ month: z.string(), size: z.number().int(), retained: z.array(z.number().int().nullable()) }),
  ),
  /** Uses per São Paulo week (its Monday) and tool. */
  toolUse: z.array(z.object({ week: z.string(), tool: z.enum(METRICS_TOOLS), count: z.number().int() })),
});
export type AdminMetrics = z.infer<typeof adminMetrics>;
