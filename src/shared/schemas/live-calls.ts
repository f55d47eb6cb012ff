import { REQUIRED_FIELDS_TITLE } from '../form-messages';
import { HTTP_URL_MAX_LENGTH, parseHttpUrl } from '../http-url';
import { requiredText } from './common';
import { z } from './zod';

/** The statuses, in the order the admin form offers them ('Agendado' is the default). */
export const LIVE_CALL_STATUSES = ['Publicado', 'Aguardando Upload', 'Agendado', 'Adiada'] as const;
export type LiveCallStatus = (typeof LIVE_CALL_STATUSES)[number];
export const LIVE_CALL_DEFAULT_STATUS: LiveCallStatus = 'Agendado';

/** Title, description and callTime are required; date and link are optional. */
export const LIVE_CALL_REQUIRED_TITLE = REQUIRED_FIELDS_TITLE;
export const LIVE_CALL_REQUIRED_MESSAGE = 'Por favor, preencha todos os campos.';
export const LIVE_CALL_TITLE_MAX = 200;
export const LIVE_CALL_DESCRIPTION_MAX = 5000;
export const LIVE_CALL_TIME_INVALID = 'Horário inválido: use o formato HH:MM.';
export const LIVE_CALL_DATE_INVALID = 'Data inválida: use o formato AAAA-MM-DD.';
export const LIVE_CALL_LINK_INVALID = 'O link da call deve ser uma URL válida (http ou https).';
export const LIVE_CALL_STATUS_INVALID = 'Status inválido.';

/** Published calls (the recordings) play for accounts at least this many days old. */
export const LIVE_CALL_ACCESS_DAYS = 7;

/** 'Acesso Bloqueado' and its text, with the days the server counted. */
export const LIVE_CALL_LOCKED_TITLE = 'Acesso Bloqueado';
export function liveCallLockedMessage(daysLeft: number): string {
  // The spec's sentence; "1 dia" in the singular, so the last day does not read "1 dias".
  const days = daysLeft === 1 ? '1 dia' : `${daysLeft} dias`;
  return `Para assistir as calls publicadas, sua conta precisa ter mais de ${LIVE_CALL_ACCESS_DAYS} dias. Libera daqui ${days}.`;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written 'YYYY-MM-DD' (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (y < 1900 || y > 9999) return false;
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** Optional text: absent, null or blank becomes null. */
const optionalText = (max: number, message: string) =>
  z
    .string({ message })
    .trim()
    .max(max, { message })
    .nullish()
    .transform((v) => (v ? v : null));

/** POST /api/live-calls and PUT /api/live-calls/{id}: the administrator's form. */
export const liveCallInput = z.object({
  title: requiredText(LIVE_CALL_REQUIRED_MESSAGE).max(LIVE_CALL_TITLE_MAX, {
    message: `O título deve ter no máximo ${LIVE_CALL_TITLE_MAX} caracteres.`,
  }),
  description: requiredText(LIVE_CALL_REQUIRED_MESSAGE).max(LIVE_CALL_DESCRIPTION_MAX, {
    message: `A descrição deve ter no máximo ${LIVE_CALL_DESCRIPTION_MAX} caracteres.`,
  }),
  callTime: requiredText(LIVE_CALL_REQUIRED_MESSAGE).regex(TIME, { message: LIVE_CALL_TIME_INVALID }),
  callDate: optionalText(10, LIVE_CALL_DATE_INVALID).refine((v) => v === null || isCalendarDate(v), {
    message: LIVE_CALL_DATE_INVALID,
  }),
  link: optionalText(HTTP_URL_MAX_LENGTH, LIVE_CALL_LINK_INVALID).refine(
    (v) => v === null || parseHttpUrl(v) !== null,
    {
      message: LIVE_CALL_LINK_INVALID,
    },
  ),
  status: z.enum(LIVE_CALL_STATUSES, { message: LIVE_CALL_STATUS_INVALID }).default(LIVE_CALL_DEFAULT_STATUS),
});
export type LiveCallInput = z.input<typeof liveCallInput>;
export type LiveCallData = z.output<typeof liveCallInput>;

/**
 * One call as GET /api/live-calls answers it (the members' list and the admin tab). For a member whose
 * account is younger than 7 days a published call comes `locked`, without its link, with `daysLeft`
 * (counted on the server from the account's creation); everyone else gets `locked: false, daysLeft: null`.
 */
export const liveCall = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  callTime: z.string(),
  /** 'YYYY-MM-DD' or null. */
  callDate: z.string().nullable(),
  link: z.string().nullable(),
  status: z.enum(LIVE_CALL_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  locked: z.boolean(),
  daysLeft: z.number().int().nullable(),
});
export type LiveCall = z.infer<typeof liveCall>;
export const liveCallList = z.array(liveCall);

/**
 * GET /api/user/calendar-feed and POST /api/user/calendar-feed/reset: the member's calendar feed. The club keeps only
 * a hash of its secret, so the address (`url`) is in the answer that makes it (the first ask, or a reset) and null
 * afterwards; `createdAt` says when the current address was made.
 */
export const calendarFeed = z.object({ url: z.string().nullable(), createdAt: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeed>;

/** GET /api/live-calls.ics?token=: the member's secret (a missing or malformed one is an unknown feed, 404). */
export const calendarFeedQuery = z.object({ token: z.string().max(200).optional() });

export const CALENDAR_FEED_NOT_FOUND = 'Agenda não encontrada: gere um novo endereço na aba Calls ao Vivo.';
export const CALENDAR_FEED_CANCELLED =
  'Sua assinatura do clube está cancelada: esta agenda não é mais atualizada.';
export const LIVE_CALL_UNDATED = 'Esta call ainda não tem data marcada.';
