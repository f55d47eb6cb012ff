import { TZDate } from '@date-fns/tz';

/** The club's clock: the monthly ranking and its countdown follow São Paulo's calendar. */
export const SAO_PAULO_TIME_ZONE = 'America/Sao_Paulo';

/**
 * The calendar month containing `now` in São Paulo: `start` is its first instant (00:00 on day 1, São Paulo time)
 * and `end` the first instant of the next month (exclusive). The ranking counts likes in [start, end); the
 * countdown runs to `end`.
 */
export function saoPauloMonth(now: Date = new Date()): { start: Date; end: Date } {
  const local = new TZDate(now.getTime(), SAO_PAULO_TIME_ZONE);
  const year = local.getFullYear();
  const month = local.getMonth();
  return {
    start: new Date(new TZDate(year, month, 1, SAO_PAULO_TIME_ZONE).getTime()),
    end: new Date(new TZDate(year, month + 1, 1, SAO_PAULO_TIME_ZONE).getTime()),
  };
}

/** The São Paulo month 'YYYY-MM' containing `now`. */
export function saoPauloMonthKey(now: Date = new Date()): string {
  const local = new TZDate(now.getTime(), SAO_PAULO_TIME_ZONE);
  return `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}`;
}

/** The São Paulo month named 'YYYY-MM' (month 01-12): its first instant and the next month's. */
export function saoPauloMonthOf(key: string): { start: Date; end: Date } {
  const [year, month] = key.split('-').map(Number) as [number, number];
  return saoPauloMonth(new Date(new TZDate(year, month - 1, 15, SAO_PAULO_TIME_ZONE).getTime()));
}
