import { SAO_PAULO_TIME_ZONE } from '../../shared/sao-paulo-month';

/**
 * When a post or comment was written, as members read it (pt-BR, the club's São Paulo clock): 'agora' under a
 * minute (and for a time slightly ahead of this device's clock), 'há N min' under an hour, 'há N h' later the same
 * day, 'ontem' the day before, 'há N dias' up to six days back, then the date (dd/MM/yyyy). The exact date and
 * time (dd/MM/yyyy, HH:mm, São Paulo) stays available beside it (formatExactDateTime).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Days back that read 'há N dias'; older posts show their date. */
const DAYS_AS_WORDS = 6;

const dayParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: SAO_PAULO_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: SAO_PAULO_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const exactFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: SAO_PAULO_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const toDate = (value: string | Date) => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** The São Paulo calendar day of an instant, as a day count (for "how many days ago"). */
function saoPauloDay(date: Date): number {
  const [y, m, d] = dayParts.format(date).split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / (24 * HOUR);
}

/** 'agora', 'há 5 min', 'há 3 h', 'ontem', 'há 4 dias' or 'dd/MM/yyyy'; '—' for a missing or invalid date. */
export function formatRelativeTime(value: string | Date | null | undefined, now: Date = new Date()): string {
  const date = value ? toDate(value) : null;
  if (!date) return '—';
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < MINUTE) return 'agora';
  if (elapsed < HOUR) return `há ${Math.floor(elapsed / MINUTE)} min`;
  const days = saoPauloDay(now) - saoPauloDay(date);
  if (days <= 0) return `há ${Math.floor(elapsed / HOUR)} h`;
  if (days === 1) return 'ontem';
  if (days <= DAYS_AS_WORDS) return `há ${days} dias`;
  return dateFormat.format(date);
}

/** 'dd/MM/yyyy, HH:mm' in São Paulo time (the spec's comment format); '—' for a missing or invalid date. */
export function formatExactDateTime(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  return date ? exactFormat.format(date) : '—';
}
