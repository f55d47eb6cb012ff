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
