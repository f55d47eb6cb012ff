const dateFormat = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'dd/mm/aaaa' in pt-BR; '—' for a missing or invalid date. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  return date ? dateFormat.format(date) : '—';
}

/** A calendar day 'YYYY-MM-DD' (São Paulo days of the ad history) as 'dd/mm/aaaa', with no time-zone shift. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '—';
}

/** 'dd/mm/aaaa, hh:mm' in pt-BR; '—' for a missing or invalid date. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  return date ? dateTimeFormat.format(date) : '—';
}

// Money, ROAS and counts are written by the one shared formatter (also used by the server's analyses).
export {
  formatBRL,
  formatCount,
  formatPercent,
  formatRoas,
  formatSignedCount,
  formatTicket,
} from '../../shared/number-format';
