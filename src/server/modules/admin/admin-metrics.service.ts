import { addDays, daysBetween, saoPauloDay } from '../../../shared/sao-paulo-day';
import {
  type AdminMetrics,
  type AdminMetricsQuery,
  METRICS_DEFAULT_DAYS,
  METRICS_MAX_DAYS,
} from '../../../shared/schemas/admin-metrics';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { ValidationError } from '../../lib/errors';
import { loadAdminMetrics, rollupNeeds } from './admin-metrics.repo';
import { ensureMetricsRollups, forgetMetricsRollups } from './admin-metrics-rollup.repo';

/** The owner's dashboard for a period of São Paulo days (default: the last 30, today included). */
export async function getAdminMetrics(
  db: Db,
  config: Pick<AppConfig, 'PLAN_MENSAL_PRICE' | 'PLAN_SEMESTRAL_PRICE'>,
  query: AdminMetricsQuery,
): Promise<AdminMetrics> {
  const today = saoPauloDay();
  const to = query.to ?? today;
  if (to > today) throw new ValidationError('A data final não pode ser depois de hoje.');
  const from = query.from ?? addDays(to, -(METRICS_DEFAULT_DAYS - 1));
  if (from > to) throw new ValidationError('A data inicial deve ser anterior ou igual à data final.');
  if (daysBetween(from, to) > METRICS_MAX_DAYS)
    throw new ValidationError('O período pode ter no máximo 3 anos.');
  return loadAdminMetrics(db, {
    from,
    to,
    today,
    interval: query.interval,
    prices: { mensal: config.PLAN_MENSAL_PRICE, semestral: config.PLAN_SEMESTRAL_PRICE },
  });
}

/** How often an instance offers to bring the dashboard's rollups up to date in the background. */
export const METRICS_WARMUP_EVERY_MS = 15 * 60_000;
/** The longest period the screen offers. */
const WARM_DAYS = 365;

/**
 * Keeps the owner's dashboard quick to open: soon after start (an upgrade's first build of the rollups from every stored
 * event happens here, not in the owner's first request), then every METRICS_WARMUP_EVERY_MS, the rollups of the last
 * year are brought up to date by one instance of the cluster at a time (the others skip: a try-lock). The dashboard's
 * own reads still bring them up to date for any period.
 */
export function startMetricsWarmup(
  db: Db,
  log: { error(message: string): void },
  options: { firstAfterMs?: number; everyMs?: number } = {},
) {
  const run = () => {
    const today = saoPauloDay();
    void warmMetricsRollups(db, today).catch((error: unknown) =>
      log.error(`resumos do painel do dono: ${(error as Error).message}`),
    );
  };
  const first = setTimeout(run, options.firstAfterMs ?? 10_000);
  const timer = setInterval(run, options.everyMs ?? METRICS_WARMUP_EVERY_MS);
  first.unref();
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}

/** One warm-up: true when this instance did the work (false: nothing to do, or another instance is doing it). */
export function warmMetricsRollups(db: Db, today: string = saoPauloDay()): Promise<boolean> {
  return ensureMetricsRollups(db, rollupNeeds(addDays(today, -(WARM_DAYS - 1)), today, today), {
    wait: false,
  });
}

/**
 * After rows the owner's dashboard counted were deleted (the demo content's removal): its rollups are rebuilt from what
 * is left at the next read (membership from scratch, active members and tool uses from the São Paulo day `since`).
 */
export function forgetDeletedFromMetrics(tx: DbOrTx, since: string | null): Promise<void> {
  return forgetMetricsRollups(tx, since);
}
