import { addDays, daysBetween, saoPauloDay } from '../../../shared/sao-paulo-day';
import {
  type AdminMetrics,
  type AdminMetricsQuery,
  METRICS_DEFAULT_DAYS,
  METRICS_MAX_DAYS,
} from '../../../shared/schemas/admin-metrics';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { ValidationError } from '../../lib/errors';
import { loadAdminMetrics } from './admin-metrics.repo';

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
