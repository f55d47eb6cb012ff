import { TZDate } from '@date-fns/tz';
import ical, { type ICalCalendar, ICalEventStatus } from 'ical-generator';
import type { LiveCallRow } from './live-calls.repo';

/** The calls' time zone: callDate + callTime are the wall clock in São Paulo. */
export const CALL_TIME_ZONE = 'America/Sao_Paulo';
/** The calls have no end time: calendars get this duration. */
export const CALL_DURATION_MINUTES = 60;
/** A deleted call stays in the feeds as a cancellation for this long, then leaves them. */
export const CANCELLED_KEPT_DAYS = 60;
/** The dashboard tab of the calls: the calendars' URL and description lead there (never to the meeting itself). */
export const CALLS_TAB_PATH = '/dashboard?tab=calls-ao-vivo';
export const CALENDAR_NAME = 'Clube Escala: Calls ao Vivo';

/**
 * America/Sao_Paulo as it has been since 2019 (UTC-3, no daylight saving). Calendars that know the Olson id (Google,
 * Apple, Outlook) use their own rules; this block is for the ones that read only the file.
 */
const SAO_PAULO_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${CALL_TIME_ZONE}`,
  `X-LIC-LOCATION:${CALL_TIME_ZONE}`,
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0300',
  'TZOFFSETTO:-0300',
  'TZNAME:-03',
  'DTSTART:19700101T000000',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

/** The call's start as an instant (callDate + callTime in São Paulo); null for an undated call. */
export function callStart(call: Pick<LiveCallRow, 'callDate' | 'callTime'>): TZDate | null {
  if (!call.callDate) return null;
  const [y, m, d] = call.callDate.split('-').map(Number) as [number, number, number];
  const [hh, mm] = call.callTime.split(':').map(Number) as [number, number];
  return new TZDate(y, m - 1, d, hh, mm, 0, CALL_TIME_ZONE);
}

/** 'Adiada' and deleted calls go out CANCELLED (the slot is free; a new date later brings the event back). */
function statusOf(call: LiveCallRow): ICalEventStatus {
  if (call.deletedAt || call.status === 'Adiada') return ICalEventStatus.CANCELLED;
  return ICalEventStatus.CONFIRMED;
}

/** A file name from the title: ASCII, lower case, words joined by '-' ('Call de Quinta!' -> 'call-de-quinta'). */
export function callFileSlug(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'call';
}

/**
 * An RFC 5545 calendar of the given calls: one VEVENT per dated call (undated ones are skipped), UID
 * `<id>@<APP_URL host>`, SEQUENCE from the row (it grows on each edit and on the deletion), DTSTART/DTEND with
 * TZID=America/Sao_Paulo. The meeting link never goes in: URL and DESCRIPTION point at the calls tab.
 */
export function buildCallsCalendar(calls: LiveCallRow[], appUrl: string): ICalCalendar {
  const host = new URL(appUrl).host;
  const tabUrl = `${appUrl}${CALLS_TAB_PATH}`;
  const calendar = ical({
    name: CALENDAR_NAME,
    prodId: { company: 'Clube Escala', product: 'Calls ao Vivo', language: 'PT-BR' },
    // Subscribed calendars re-read the feed about every hour (where they honour it).
    ttl: 60 * 60,
  });
  // No calendar-wide zone (DTSTAMP stays UTC, as RFC 5545 requires); the events' zone gets its VTIMEZONE.
  calendar.timezone({ name: null, generator: (tz) => (tz === CALL_TIME_ZONE ? SAO_PAULO_VTIMEZONE : null) });
  for (const call of calls) {
    const start = callStart(call);
    if (!start) continue;
    const end = new TZDate(start.getTime() + CALL_DURATION_MINUTES * 60_000, CALL_TIME_ZONE);
    const status = statusOf(call);
    calendar.createEvent({
      id: `${call.id}@${host}`,
      sequence: call.sequence,
      start,
      end,
      timezone: CALL_TIME_ZONE,
      stamp: call.updatedAt,
      created: call.createdAt,
      lastModified: call.updatedAt,
      summary: call.deletedAt
        ? `Cancelada: ${call.title}`
        : call.status === 'Adiada'
          ? `Adiada: ${call.title}`
          : call.title,
      description: `Call ao vivo do Clube Escala. Detalhes e acesso na aba Calls ao Vivo: ${tabUrl}`,
      location: 'Clube Escala (online)',
      url: tabUrl,
      status,
    });
  }
  return calendar;
}
