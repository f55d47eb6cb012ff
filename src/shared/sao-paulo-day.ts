/** São Paulo calendar days as 'YYYY-MM-DD' (the ad-count history's days), with Intl only (no date library). */
const DAY_FORMAT = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The last minute formatted: a day changes only on a whole minute (time zones' offsets are whole minutes). */
let lastMinute = Number.NaN;
let lastDay = '';

/**
 * The São Paulo calendar day of an instant, as 'YYYY-MM-DD' (the ad-count history's days). Formatted once per
 * minute: every catalogue request asks for today's.
 */
export function saoPauloDay(at: Date = new Date()): string {
  const minute = Math.floor(at.getTime() / 60_000);
  if (minute !== lastMinute) {
    lastDay = DAY_FORMAT.format(at);
    lastMinute = minute;
  }
  return lastDay;
}

/** A calendar day `n` days after (before, when negative) a 'YYYY-MM-DD' day. */
export function addDays(day: string, n: number): string {
  const utc = Date.parse(`${day}T00:00:00Z`) + n * 86_400_000;
  return new Date(utc).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` ('YYYY-MM-DD'; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
